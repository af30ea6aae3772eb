CREATE TABLE "rate_feed_days" (
	"rate_date" date PRIMARY KEY NOT NULL,
	"tries" integer DEFAULT 0 NOT NULL,
	"last_try_at" timestamp with time zone NOT NULL,
	"outcome" varchar(20) NOT NULL,
	"message" text DEFAULT '' NOT NULL,
	"next_try_at" timestamp with time zone,
	CONSTRAINT "rate_feed_days_outcome" CHECK ("rate_feed_days"."outcome" in ('ok', 'present', 'no_file', 'wrong_day', 'malformed', 'unreachable'))
);
