CREATE TABLE "backup_copies" (
	"period_start" timestamp with time zone PRIMARY KEY NOT NULL,
	"claimed_by" text NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"finished_at" timestamp with time zone,
	"file_name" text,
	"bytes" bigint,
	"error" text
);
