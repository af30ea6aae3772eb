import type { UserProfile } from '@esd/shared/auth/auth.schemas';
import { isLanguage } from '@esd/shared/constants';
import type { TokenClaims } from '../../lib/tokens';
import type { UserRow } from '../../plugins/auth';

const photoUrl = (photoPath: string | null) =>
  photoPath ? `/api/files/avatars/${photoPath}` : null;

/**
 * What the shop's rules read of a buyer (whether it may shop, pay each way, buy Adobe): of the
 * account alone, whatever signed it in, an API key included (issue 34).
 */
export const shopperOf = (
  user: UserRow,
): Pick<UserProfile, 'type_id' | 'need_azn_cash' | 'need_azn_credit' | 'has_adobe_account'> => ({
  type_id: user.typeId,
  need_azn_cash: user.needAznCash,
  need_azn_credit: user.needAznCredit,
  has_adobe_account: user.hasAdobeAccount,
});

/** The profile the API shows about a user: no hash, no internal flags. */
export const toProfile = (
  user: UserRow,
  session: Pick<TokenClaims, 'expiresAt' | 'provider'> & { mustEnrol?: boolean },
): UserProfile => ({
  id: user.id,
  email: user.email,
  name: user.name,
  type_id: user.typeId,
  lang: isLanguage(user.lang) ? user.lang : 'en',
  photo_url: photoUrl(user.photoPath),
  limit: user.creditLimit,
  token_expired: session.expiresAt,
  need_azn_cash: user.needAznCash,
  need_azn_credit: user.needAznCredit,
  has_adobe_account: user.hasAdobeAccount,
  country_id: user.countryId,
  dealer_id: user.dealerId,
  auth_provider: session.provider,
  mfa_enabled: user.mfaEnabled,
  mfa_enrolment_required: session.mustEnrol ?? false,
});
