import type { UserProfile } from '@esd/shared/auth/auth.schemas';
import { Avatar, Button, FileButton, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconPhoto, IconUpload, IconX } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notifySuccess } from '@/lib/notify';
import { PHOTO_MAX_BYTES, PHOTO_TYPES, useUploadPhoto } from '../api/upload-photo';

// A data: URL rather than blob:, which a strict Content-Security-Policy img-src may refuse.
const readAsDataUrl = (file: File) =>
  new Promise<string>((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error);
    reader.readAsDataURL(file);
  });

export const PhotoUpload = ({ user }: { user: UserProfile }) => {
  const { t } = useTranslation();
  const uploadPhoto = useUploadPhoto();
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  const clear = () => {
    setFile(null);
    setPreview(null);
  };

  const choose = async (chosen: File | null) => {
    setError(null);
    clear();
    if (!chosen) return;
    if (!(PHOTO_TYPES as readonly string[]).includes(chosen.type)) {
      setError(t('profile.photo.wrongType'));
      return;
    }
    if (chosen.size > PHOTO_MAX_BYTES) {
      setError(t('profile.photo.tooLarge'));
      return;
    }
    setFile(chosen);
    setPreview(await readAsDataUrl(chosen));
  };

  const upload = () => {
    if (!file) return;
    uploadPhoto.mutate(file, {
      onSuccess: () => {
        clear();
        notifySuccess(t('profile.photo.saved'));
      },
    });
  };

  return (
    <Paper p="lg" radius="lg" component="section" aria-labelledby="profile-photo-heading">
      <Title order={2} size="h4" mb="md" id="profile-photo-heading">
        {t('profile.photo.heading')}
      </Title>
      <Group gap="lg" align="center">
        <Avatar
          src={preview ?? user.photo_url}
          name={user.name}
          color="initials"
          size={88}
          radius={88}
          alt={preview ? t('profile.photo.preview') : t('profile.photo.current')}
        />
        <Stack gap="xs" style={{ flex: 1, minWidth: 200 }}>
          <Group gap="xs">
            <FileButton onChange={(chosen) => void choose(chosen)} accept={PHOTO_TYPES.join(',')}>
              {(props) => (
                <Button
                  {...props}
                  variant="default"
                  leftSection={<IconPhoto size={18} aria-hidden />}
                >
                  {t('profile.photo.choose')}
                </Button>
              )}
            </FileButton>
            {file ? (
              <>
                <Button
                  leftSection={<IconUpload size={18} aria-hidden />}
                  loading={uploadPhoto.isPending}
                  onClick={upload}
                >
                  {t('profile.photo.upload')}
                </Button>
                <Button
                  variant="subtle"
                  color="gray.7"
                  onClick={clear}
                  leftSection={<IconX size={16} aria-hidden />}
                >
                  {t('actions.cancel')}
                </Button>
              </>
            ) : null}
          </Group>
          {file ? (
            <Text size="sm" lineClamp={1}>
              {file.name}
            </Text>
          ) : null}
          <Text size="xs" c="dimmed">
            {t('profile.photo.hint')}
          </Text>
          {error ? (
            <Text size="sm" c="red.8" role="alert">
              {error}
            </Text>
          ) : null}
        </Stack>
      </Group>
    </Paper>
  );
};
