import type { UserProfile } from '@esd/shared/auth/auth.schemas';
import { Avatar, Button, Group, Paper, Title } from '@mantine/core';
import { IconUpload, IconX } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ImagePicker } from '@/components/image-picker';
import { notifySuccess } from '@/lib/notify';
import { PHOTO_MAX_BYTES, PHOTO_TYPES, useUploadPhoto } from '../api/upload-photo';

export const PhotoUpload = ({ user }: { user: UserProfile }) => {
  const { t } = useTranslation();
  const uploadPhoto = useUploadPhoto();
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const clear = () => {
    setFile(null);
    setPreview(null);
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
        <ImagePicker
          types={PHOTO_TYPES}
          maxBytes={PHOTO_MAX_BYTES}
          wrongTypeMessage={t('profile.photo.wrongType')}
          tooLargeMessage={t('profile.photo.tooLarge')}
          chooseLabel={t('profile.photo.choose')}
          hint={t('profile.photo.hint')}
          onChoose={clear}
          onPick={(chosen, dataUrl) => {
            setFile(chosen);
            setPreview(dataUrl);
          }}
          actions={
            file ? (
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
            ) : null
          }
          fileLabel={file?.name}
        />
      </Group>
    </Paper>
  );
};
