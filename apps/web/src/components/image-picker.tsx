import { Button, FileButton, Group, Stack, Text } from '@mantine/core';
import { IconPhoto } from '@tabler/icons-react';
import { type ReactNode, useRef, useState } from 'react';

// A data: URL rather than blob:, which a strict Content-Security-Policy img-src may refuse.
const readAsDataUrl = (file: File) =>
  new Promise<string>((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error);
    reader.readAsDataURL(file);
  });

type ImagePickerProps = {
  /** the accepted MIME types */
  types: readonly string[];
  maxBytes: number;
  wrongTypeMessage: string;
  tooLargeMessage: string;
  chooseLabel: string;
  hint: string;
  /** runs on every choice (even a cancelled one), before the file is checked */
  onChoose?: () => void;
  /** a file of an accepted type and size, with its preview as a data: URL */
  onPick: (file: File, preview: string) => void;
  /** buttons after "Choose", for the picked file */
  actions?: ReactNode;
  /** a line naming the picked file, if there is one */
  fileLabel?: ReactNode;
};

/** The controls beside an image preview: choose a file, check its type and size, say why not. */
export const ImagePicker = ({
  types,
  maxBytes,
  wrongTypeMessage,
  tooLargeMessage,
  chooseLabel,
  hint,
  onChoose,
  onPick,
  actions,
  fileLabel,
}: ImagePickerProps) => {
  const [error, setError] = useState<string | null>(null);

  // cleared after each choice, so the same picture can be chosen again after a removal
  const resetFile = useRef<() => void>(null);
  const choose = async (file: File | null) => {
    resetFile.current?.();
    setError(null);
    onChoose?.();
    if (!file) return;
    if (!types.includes(file.type)) {
      setError(wrongTypeMessage);
      return;
    }
    if (file.size > maxBytes) {
      setError(tooLargeMessage);
      return;
    }
    onPick(file, await readAsDataUrl(file));
  };

  return (
    <Stack gap="xs" style={{ flex: 1, minWidth: 200 }}>
      <Group gap="xs">
        <FileButton
          onChange={(file) => void choose(file)}
          resetRef={resetFile}
          accept={types.join(',')}
        >
          {(props) => (
            <Button {...props} variant="default" leftSection={<IconPhoto size={18} aria-hidden />}>
              {chooseLabel}
            </Button>
          )}
        </FileButton>
        {actions}
      </Group>
      {fileLabel ? (
        <Text size="sm" lineClamp={1}>
          {fileLabel}
        </Text>
      ) : null}
      <Text size="xs" c="dimmed">
        {hint}
      </Text>
      {error ? (
        <Text size="sm" c="red.8" role="alert">
          {error}
        </Text>
      ) : null}
    </Stack>
  );
};
