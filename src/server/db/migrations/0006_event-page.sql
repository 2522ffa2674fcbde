ALTER TABLE "teams" ADD COLUMN "show_company_as_sponsor" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "tournaments" ADD COLUMN "cause" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "tournaments" ADD COLUMN "schedule" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "tournaments" ADD COLUMN "address" text DEFAULT '' NOT NULL;