ALTER TABLE "auth_sessions" ADD COLUMN "user_agent" varchar(400);--> statement-breakpoint
ALTER TABLE "auth_sessions" ADD COLUMN "ip_address" varchar(64);--> statement-breakpoint
ALTER TABLE "auth_sessions" ADD COLUMN "last_seen_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "login_failures" ADD COLUMN "last_failure_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "login_failures" ADD COLUMN "blocked_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "login_failures" ADD COLUMN "alerted_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "login_failures_last_failure_idx" ON "login_failures" USING btree ("last_failure_at");--> statement-breakpoint
CREATE INDEX "usage_counters_window_idx" ON "usage_counters" USING btree ("window_start");--> statement-breakpoint
-- the old per-account lock counts mean nothing to the throttle that replaces them
DELETE FROM "login_failures";--> statement-breakpoint
-- a sign-in's last-seen time and address are written once a minute: only an end, a new
-- absolute end or a new owner tells the processes' session caches (migration 0022)
DROP TRIGGER IF EXISTS auth_sessions_notify_changed ON auth_sessions;--> statement-breakpoint
CREATE TRIGGER auth_sessions_notify_changed
  AFTER UPDATE OF ended_at, expires_at, user_id OR DELETE ON auth_sessions
  FOR EACH ROW EXECUTE FUNCTION auth_sessions_notify_changed();
