import { Alert, Grid, Skeleton, Stack } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '@/components/page-header';
import { useUser } from '../api/get-user';
import { ChangePasswordForm } from './change-password-form';
import { MyPrizes } from './my-prizes';
import { PhotoUpload } from './photo-upload';
import { ProfileInfoForm } from './profile-info-form';
import { ProfileSummary } from './profile-summary';
import { SignInsCard } from './sign-ins-card';

/**
 * `prizes`: the won-prizes list of the events feature; `notices`: an admin's mail switches of
 * the notifications feature; `security`: the second factors of the auth feature; all passed in
 * by the app.
 */
export const ProfilePage = ({
  prizes,
  notices,
  security,
}: {
  prizes?: ReactNode;
  notices?: ReactNode;
  security?: ReactNode;
}) => {
  const { t } = useTranslation();
  const user = useUser();

  return (
    <>
      <PageHeader title={t('pages.profile')} />
      {user.data ? (
        <Grid gap="lg" align="flex-start">
          <Grid.Col span={{ base: 12, md: 4 }}>
            <ProfileSummary user={user.data} />
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 8 }}>
            <Stack gap="lg">
              <ProfileInfoForm user={user.data} />
              <PhotoUpload user={user.data} />
              <ChangePasswordForm />
              {security}
              <SignInsCard />
              {notices}
              {prizes ? <MyPrizes>{prizes}</MyPrizes> : null}
            </Stack>
          </Grid.Col>
        </Grid>
      ) : user.isError ? (
        <Alert color="red">{t('profile.summary.loadError')}</Alert>
      ) : (
        <Stack>
          <Skeleton h={180} radius="md" />
          <Skeleton h={240} radius="md" />
        </Stack>
      )}
    </>
  );
};
