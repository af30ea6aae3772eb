CREATE TABLE "usage_counters" (
	"key" varchar(300) PRIMARY KEY NOT NULL,
	"uses" integer DEFAULT 0 NOT NULL,
	"window_start" timestamp with time zone DEFAULT now() NOT NULL
);
