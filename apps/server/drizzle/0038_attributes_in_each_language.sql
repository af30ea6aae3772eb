ALTER TABLE "notice_mails" DROP CONSTRAINT "notice_mails_kind";--> statement-breakpoint
ALTER TABLE "notice_opt_outs" DROP CONSTRAINT "notice_opt_outs_kind";--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "delivery_time_en" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "delivery_time_ru" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "delivery_time_az" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "operating_systems_en" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "operating_systems_ru" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "operating_systems_az" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "licence_type_en" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "licence_type_ru" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "licence_type_az" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "notice_mails" ADD CONSTRAINT "notice_mails_kind" CHECK ("notice_mails"."kind" in ('return_requested', 'partner_application', 'cash_digest', 'low_stock', 'prize_claimed'));--> statement-breakpoint
ALTER TABLE "notice_opt_outs" ADD CONSTRAINT "notice_opt_outs_kind" CHECK ("notice_opt_outs"."kind" in ('return_requested', 'partner_application', 'cash_digest', 'low_stock', 'prize_claimed'));--> statement-breakpoint
-- Issue 33: the attributes were one text each, written in English. They become the English
-- values; Russian and Azerbaijani start empty (read as the English) except the demo catalogue's
-- values, translated here with the words of seed/demo-attributes.ts. The next migration drops
-- the single-language columns.
UPDATE "products" SET "delivery_time_en" = "delivery_time", "operating_systems_en" = "operating_systems", "licence_type_en" = "licence_type";--> statement-breakpoint
UPDATE "products" SET "delivery_time_ru" = t.ru, "delivery_time_az" = t.az FROM (VALUES
  ('1–2 business days', '1–2 рабочих дня', '1–2 iş günü'),
  ('Instant (licence key)', 'Мгновенно (лицензионный ключ)', 'Dərhal (lisenziya açarı)'),
  ('Within minutes after the order', 'В течение нескольких минут после заказа', 'Sifarişdən sonra bir neçə dəqiqə ərzində')
) AS t(en, ru, az) WHERE "products"."delivery_time_en" = t.en;--> statement-breakpoint
UPDATE "products" SET "licence_type_ru" = t.ru, "licence_type_az" = t.az FROM (VALUES
  ('ESD key', 'Электронный ключ (ESD)', 'Elektron açar (ESD)'),
  ('Perpetual', 'Бессрочная', 'Müddətsiz'),
  ('Subscription (1 year)', 'Подписка (1 год)', 'Abunə (1 il)'),
  ('Subscription (VIP)', 'Подписка (VIP)', 'Abunə (VIP)')
) AS t(en, ru, az) WHERE "products"."licence_type_en" = t.en;--> statement-breakpoint
UPDATE "products" SET "operating_systems_ru" = t.ru, "operating_systems_az" = t.az FROM (VALUES
  ('macOS 13+', 'macOS 13+', 'macOS 13+'),
  ('VMware ESXi 8', 'VMware ESXi 8', 'VMware ESXi 8'),
  ('Web, iOS, Android', 'Веб, iOS, Android', 'Veb, iOS, Android'),
  ('Windows 10 (64-bit, 22H2+), Windows 11, macOS 13+', 'Windows 10 (64-разрядная, 22H2+), Windows 11, macOS 13+', 'Windows 10 (64 bitlik, 22H2+), Windows 11, macOS 13+'),
  ('Windows 10, Windows 11', 'Windows 10, Windows 11', 'Windows 10, Windows 11'),
  ('Windows 10, Windows 11, macOS 12+', 'Windows 10, Windows 11, macOS 12+', 'Windows 10, Windows 11, macOS 12+'),
  ('Windows 10, Windows 11, macOS 12+, Android 10+', 'Windows 10, Windows 11, macOS 12+, Android 10+', 'Windows 10, Windows 11, macOS 12+, Android 10+'),
  ('Windows 10, Windows 11, macOS 12+, Android 8+, iOS 15+', 'Windows 10, Windows 11, macOS 12+, Android 8+, iOS 15+', 'Windows 10, Windows 11, macOS 12+, Android 8+, iOS 15+'),
  ('Windows 10, Windows 11, macOS 12+, Linux', 'Windows 10, Windows 11, macOS 12+, Linux', 'Windows 10, Windows 11, macOS 12+, Linux'),
  ('Windows 10, Windows 11, macOS 12+, Linux, iOS, Android', 'Windows 10, Windows 11, macOS 12+, Linux, iOS, Android', 'Windows 10, Windows 11, macOS 12+, Linux, iOS, Android'),
  ('Windows 10, Windows 11, macOS 13+', 'Windows 10, Windows 11, macOS 13+', 'Windows 10, Windows 11, macOS 13+'),
  ('Windows 10, Windows 11, macOS 13+, iOS, Android', 'Windows 10, Windows 11, macOS 13+, iOS, Android', 'Windows 10, Windows 11, macOS 13+, iOS, Android'),
  ('Windows 10, Windows 11, Windows Server 2016+, macOS 12+, Android 10+', 'Windows 10, Windows 11, Windows Server 2016+, macOS 12+, Android 10+', 'Windows 10, Windows 11, Windows Server 2016+, macOS 12+, Android 10+'),
  ('Windows 10, Windows 11, Windows Server 2016+, macOS 12+, Linux', 'Windows 10, Windows 11, Windows Server 2016+, macOS 12+, Linux', 'Windows 10, Windows 11, Windows Server 2016+, macOS 12+, Linux'),
  ('Windows 11', 'Windows 11', 'Windows 11'),
  ('Windows Server 2016+, Linux', 'Windows Server 2016+, Linux', 'Windows Server 2016+, Linux'),
  ('Windows Server 2022', 'Windows Server 2022', 'Windows Server 2022')
) AS t(en, ru, az) WHERE "products"."operating_systems_en" = t.en;
