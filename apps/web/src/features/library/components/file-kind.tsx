import type { LibraryFileKind } from '@esd/shared/content/library.schemas';
import { formatNumber } from '@esd/shared/format/format';
import { ThemeIcon } from '@mantine/core';
import {
  IconFileTypeCsv,
  IconFileTypeDoc,
  IconFileTypeDocx,
  IconFileTypeJpg,
  IconFileTypePdf,
  IconFileTypePng,
  IconFileTypePpt,
  IconFileTypeTxt,
  IconFileTypeXls,
} from '@tabler/icons-react';

const icons: Record<LibraryFileKind, { icon: typeof IconFileTypePdf; color: string }> = {
  pdf: { icon: IconFileTypePdf, color: 'red' },
  docx: { icon: IconFileTypeDocx, color: 'blue' },
  doc: { icon: IconFileTypeDoc, color: 'blue' },
  xlsx: { icon: IconFileTypeXls, color: 'green' },
  xls: { icon: IconFileTypeXls, color: 'green' },
  pptx: { icon: IconFileTypePpt, color: 'orange' },
  ppt: { icon: IconFileTypePpt, color: 'orange' },
  png: { icon: IconFileTypePng, color: 'grape' },
  jpg: { icon: IconFileTypeJpg, color: 'grape' },
  csv: { icon: IconFileTypeCsv, color: 'teal' },
  txt: { icon: IconFileTypeTxt, color: 'gray' },
};

export const FileKindIcon = ({ kind, size = 44 }: { kind: LibraryFileKind; size?: number }) => {
  const { icon: Icon, color } = icons[kind];
  return (
    <ThemeIcon size={size} radius="md" variant="light" color={color} aria-hidden>
      <Icon size={size * 0.6} stroke={1.5} />
    </ThemeIcon>
  );
};

/** A byte count as people read it, in the interface language. */
export const formatFileSize = (bytes: number, lang: string) => {
  const units = ['B', 'KB', 'MB', 'GB'];
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  const digits = unit === 0 || value >= 10 ? 0 : 1;
  return `${formatNumber(value, lang, digits)} ${units[unit]}`;
};
