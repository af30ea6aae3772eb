import type { AppErrorCode, AppErrorReason } from '../api-codes';

/** The Azerbaijani words of every error code: `{{field}}` names a field of the answer's data. */
export const messages = {
  VALIDATION_FAILED: 'Məlumatların bir hissəsi düzgün deyil. Formanı yoxlayıb yenidən cəhd edin.',
  UNAUTHORIZED: 'Sessiyanız başa çatıb. Zəhmət olmasa, yenidən daxil olun.',
  INVALID_CREDENTIALS: 'E-poçt və ya şifrə yanlışdır.',
  ACCOUNT_DISABLED: 'Bu hesab deaktiv edilib.',
  FORBIDDEN: 'Bu əməliyyat üçün icazəniz yoxdur.',
  API_KEY_SCOPE:
    'Bu API açarı bu sorğunu edə bilməz: onun icazələri bunu əhatə etmir və ya açarlar üçün bağlıdır (portala daxil olun).',
  NOT_FOUND: 'Axtarılan qeyd tapılmadı.',
  CONFLICT: 'Bu, mövcud qeydlə ziddiyyət təşkil edir.',
  IDEMPOTENCY_KEY_REUSED:
    'Bu sifariş cəhdi artıq başqa ödəniş üsulu ilə sifariş üçün istifadə olunub. Sifariş səhifəsini yeniləyin və yenidən cəhd edin.',
  WRONG_PASSWORD: 'Cari şifrə yanlışdır.',
  WEAK_PASSWORD: 'Bu şifrə çox sadə və ya qısadır. Daha etibarlı şifrə seçin.',
  INVALID_RESET_TOKEN:
    'Bərpa linki etibarsızdır, artıq istifadə olunub və ya vaxtı bitib. Yeni link istəyin.',
  OIDC_REJECTED: 'Vahid giriş alınmadı: identifikasiya provayderinin cavabı qəbul edilmədi.',
  MFA_ENROLMENT_REQUIRED:
    'Portaldan istifadə etməzdən əvvəl ikinci faktoru (autentifikator tətbiqi və ya giriş açarı) qurun.',
  INVALID_MFA_CODE: 'Kod və ya giriş açarı qəbul edilmədi. Yenidən cəhd edin.',
  MFA_TICKET_EXPIRED: 'Giriş çox uzun çəkdi və ya çox cəhd oldu. Yenidən daxil olun.',
  MFA_FACTOR_REQUIRED:
    'Rolunuz ikinci faktor tələb edir: bunu silməzdən əvvəl başqasını əlavə edin.',
  OIDC_DISABLED: 'Bu serverdə vahid giriş qurulmayıb.',
  INVALID_FILE: 'Fayl çox böyükdür və ya icazə verilən növdə deyil.',
  SPREADSHEET_TOO_LARGE:
    'Cədvəl oxumaq üçün çox böyükdür: ən çoxu {{max_columns}} sütun və {{max_cells}} xana. Açarları birinci sütunda saxlayın, böyük faylı isə hissələrə bölün.',
  TARGET_IMMUTABLE: 'Hədəf əlavə edildikdən sonra onu silmək və ya dəyişdirmək olmaz.',
  RATE_LIMITED: 'Həddindən çox cəhd edildi. Bir az gözləyib yenidən cəhd edin.',
  UNAVAILABLE: 'Xidmət müvəqqəti əlçatan deyil. Bir azdan yenidən cəhd edin.',
  WEBHOOK_URL_REFUSED:
    'Bu ünvan vebhukları qəbul edə bilməz: internetdən əlçatan https ünvanı göstərin.',
  INTERNAL: 'Bizim tərəfdə nəsə səhv getdi. Yenidən cəhd edin.',
  PRODUCT_UNAVAILABLE: 'Bu məhsulu hazırda bu üsulla almaq olmaz.',
  SELL_TYPE_NOT_ALLOWED: 'Bu ödəniş üsulu (nağd və ya kredit) sizin üçün əlçatan deyil.',
  BASKET_LIMIT: 'Səbətə daha çox sətir və ya daha böyük miqdar əlavə etmək olmaz.',
  NO_EXCHANGE_RATE:
    'Bank məzənnəsi hələ təyin edilməyib, ona görə AZN məbləğlərini göstərmək mümkün deyil. Administratorla əlaqə saxlayın.',
  PRIZE_NOT_CLAIMABLE: 'Bu hədiyyəni indi almaq olmaz.',
  IN_USE: 'Bu qeyd hələ istifadə olunur və silinə bilməz.',
  PRICE_CHANGED:
    'Sifarişin yoxlanışını açdığınızdan sonra qiymətlər və ya səbət dəyişib. Heç nə sifariş edilmədi: yeni məbləğləri yoxlayın və təsdiqləyin.',
  AMOUNT_CHANGED:
    'Siz sifarişi açandan bəri bankın məzənnəsi dəyişib, ona görə alınacaq məbləğ də dəyişib. Heç nə təsdiqlənmədi: yeni məbləği yoxlayın və yenidən təsdiqləyin.',
  BASKET_CHANGED:
    'Səbət eyni anda dəyişdi, buna görə heç nə edilmədi. Səbətə baxın və yenidən cəhd edin.',
  BASKET_EMPTY: 'Səbətiniz boşdur: sifariş ediləcək heç nə yoxdur.',
  CREDIT_LIMIT: 'Sifariş vermək mümkün deyil. Sifarişin məbləği qalan kredit limitindən çoxdur.',
  INVALID_STATE:
    'Sifariş bu arada dəyişib və bu əməliyyat artıq mümkün deyil. Sifarişi yeniləyin və yenidən cəhd edin.',
  RETURN_WINDOW_CLOSED: 'Bu məhsulun qaytarılma müddəti bitib.',
  RETURN_POINTS_SPENT:
    'Bu qaytarma «{{event_title}}» kampaniyasının artıq hədiyyələrə xərclənmiş {{points_needed}} xalını geri alardı. Əvvəlcə hədiyyənin alınmasını ləğv edin.',
  ADOBE_UNAVAILABLE: 'Adobe hazırda cavab vermir. Bir neçə dəqiqədən sonra yenidən cəhd edin.',
  ADOBE_REJECTED: 'Adobe sorğunu rədd etdi.',
  PRICE_BELOW_COST:
    'İstifadəçiləriniz bu məhsul üçün sizin ödədiyinizdən az ödəyə bilməz: təyin edə biləcəyiniz ən aşağı qiymət {{min_price}} USD-dir.',
  DEALER_INACTIVE:
    'Dilerinizin hesabı deaktiv edilib, ona görə də onun adından sifariş vermək olmaz. Dilerinizlə əlaqə saxlayın.',
  ADOBE_QUOTE_INVALID:
    'Bu Adobe qiyməti yalnız hesablandığı say, müştəri və öhdəlik üçün və yalnız hesablandığı gün etibarlıdır: sətri silin və yeni qiymət istəyin.',
  COMPANY_DETAILS_MISSING:
    'Satıcının rekvizitləri hələ daxil edilməyib, ona görə faktura tərtib etmək olmur. Qlobal admin onları Ayarlar → Şirkət bölməsində daxil edir.',
} as const satisfies Record<AppErrorCode, string>;

/** Words for a refusal whose data names a `reason`: its code's words are too general there. */
export const reasons = {
  api_key_invalid:
    'Bu API açarı etibarlı deyil: o naməlumdur, ləğv edilib və ya müddəti bitib, ya da onun dilerinin hesabı deaktiv edilib.',
} as const satisfies Record<AppErrorReason, string>;
