import { Drawer, type MantineFontSize } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

type SideDrawerProps = {
  opened: boolean;
  onClose: () => void;
  title: ReactNode;
  /** its width on a wide screen, in px; on a phone it takes the whole screen */
  width: number;
  /** the title's weight and size: a form's drawer reads larger than a record's detail */
  titleStyle?: { fw: number; fz: MantineFontSize | 'h3' };
  children: ReactNode;
};

/** A drawer from the right, with a div header: inside a dialog a <header> is a second banner. */
export const SideDrawer = ({
  opened,
  onClose,
  title,
  width,
  titleStyle = { fw: 650, fz: 'xl' },
  children,
}: SideDrawerProps) => {
  const { t } = useTranslation();
  const isPhone = useMediaQuery('(max-width: 48em)');
  return (
    <Drawer.Root opened={opened} onClose={onClose} position="right" size={isPhone ? '100%' : width}>
      <Drawer.Overlay />
      <Drawer.Content>
        <Drawer.Header component="div">
          <Drawer.Title fw={titleStyle.fw} fz={titleStyle.fz}>
            {title}
          </Drawer.Title>
          <Drawer.CloseButton aria-label={t('actions.close')} />
        </Drawer.Header>
        <Drawer.Body>{children}</Drawer.Body>
      </Drawer.Content>
    </Drawer.Root>
  );
};
