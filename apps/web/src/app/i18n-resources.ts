import adobeAz from '@/features/adobe/locales/az.json';
import adobeEn from '@/features/adobe/locales/en.json';
import adobeRu from '@/features/adobe/locales/ru.json';
import authAz from '@/features/auth/locales/az.json';
import authEn from '@/features/auth/locales/en.json';
import authRu from '@/features/auth/locales/ru.json';
import basketAz from '@/features/basket/locales/az.json';
import basketEn from '@/features/basket/locales/en.json';
import basketRu from '@/features/basket/locales/ru.json';
import checkoutAz from '@/features/checkout/locales/az.json';
import checkoutEn from '@/features/checkout/locales/en.json';
import checkoutRu from '@/features/checkout/locales/ru.json';
import dealerAz from '@/features/dealer/locales/az.json';
import dealerEn from '@/features/dealer/locales/en.json';
import dealerRu from '@/features/dealer/locales/ru.json';
import eventsAz from '@/features/events/locales/az.json';
import eventsEn from '@/features/events/locales/en.json';
import eventsRu from '@/features/events/locales/ru.json';
import keysAz from '@/features/keys/locales/az.json';
import keysEn from '@/features/keys/locales/en.json';
import keysRu from '@/features/keys/locales/ru.json';
import libraryAz from '@/features/library/locales/az.json';
import libraryEn from '@/features/library/locales/en.json';
import libraryRu from '@/features/library/locales/ru.json';
import mailboxAz from '@/features/mailbox/locales/az.json';
import mailboxEn from '@/features/mailbox/locales/en.json';
import mailboxRu from '@/features/mailbox/locales/ru.json';
import newsAz from '@/features/news/locales/az.json';
import newsEn from '@/features/news/locales/en.json';
import newsRu from '@/features/news/locales/ru.json';
import ordersAz from '@/features/orders/locales/az.json';
import ordersEn from '@/features/orders/locales/en.json';
import ordersRu from '@/features/orders/locales/ru.json';
import partnersAz from '@/features/partners/locales/az.json';
import partnersEn from '@/features/partners/locales/en.json';
import partnersRu from '@/features/partners/locales/ru.json';
import productsAz from '@/features/products/locales/az.json';
import productsEn from '@/features/products/locales/en.json';
import productsRu from '@/features/products/locales/ru.json';
import profileAz from '@/features/profile/locales/az.json';
import profileEn from '@/features/profile/locales/en.json';
import profileRu from '@/features/profile/locales/ru.json';
import settingsAz from '@/features/settings/locales/az.json';
import settingsEn from '@/features/settings/locales/en.json';
import settingsRu from '@/features/settings/locales/ru.json';
import starredAz from '@/features/starred/locales/az.json';
import starredEn from '@/features/starred/locales/en.json';
import starredRu from '@/features/starred/locales/ru.json';
import statisticsAz from '@/features/statistics/locales/az.json';
import statisticsEn from '@/features/statistics/locales/en.json';
import statisticsRu from '@/features/statistics/locales/ru.json';
import targetsAz from '@/features/targets/locales/az.json';
import targetsEn from '@/features/targets/locales/en.json';
import targetsRu from '@/features/targets/locales/ru.json';
import usersAz from '@/features/users/locales/az.json';
import usersEn from '@/features/users/locales/en.json';
import usersRu from '@/features/users/locales/ru.json';
import commonAz from '@/lib/i18n/locales/az.json';
import commonEn from '@/lib/i18n/locales/en.json';
import commonRu from '@/lib/i18n/locales/ru.json';

/** Common keys at the top level, each feature's keys under the feature's name. */
export const resources = {
  en: {
    translation: {
      ...commonEn,
      auth: authEn,
      profile: profileEn,
      starred: starredEn,
      mailbox: mailboxEn,
      settings: settingsEn,
      dealer: dealerEn,
      products: productsEn,
      basket: basketEn,
      keys: keysEn,
      checkout: checkoutEn,
      orders: ordersEn,
      statistics: statisticsEn,
      adobe: adobeEn,
      events: eventsEn,
      targets: targetsEn,
      users: usersEn,
      news: newsEn,
      library: libraryEn,
      partners: partnersEn,
    },
  },
  ru: {
    translation: {
      ...commonRu,
      auth: authRu,
      profile: profileRu,
      starred: starredRu,
      mailbox: mailboxRu,
      settings: settingsRu,
      dealer: dealerRu,
      products: productsRu,
      basket: basketRu,
      keys: keysRu,
      checkout: checkoutRu,
      orders: ordersRu,
      statistics: statisticsRu,
      adobe: adobeRu,
      events: eventsRu,
      targets: targetsRu,
      users: usersRu,
      news: newsRu,
      library: libraryRu,
      partners: partnersRu,
    },
  },
  az: {
    translation: {
      ...commonAz,
      auth: authAz,
      profile: profileAz,
      starred: starredAz,
      mailbox: mailboxAz,
      settings: settingsAz,
      dealer: dealerAz,
      products: productsAz,
      basket: basketAz,
      keys: keysAz,
      checkout: checkoutAz,
      orders: ordersAz,
      statistics: statisticsAz,
      adobe: adobeAz,
      events: eventsAz,
      targets: targetsAz,
      users: usersAz,
      news: newsAz,
      library: libraryAz,
      partners: partnersAz,
    },
  },
};
