CREATE TABLE "waitlist_entries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tournament_sponsorship_level_id" uuid NOT NULL,
	"user_id" text NOT NULL,
	"teams_wanted" integer NOT NULL,
	"contact_name" text NOT NULL,
	"contact_email" text NOT NULL,
	"status" text DEFAULT 'waiting' NOT NULL,
	"offer_token" text,
	"offered_at" timestamp with time zone,
	"offer_expires_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "waitlist_entries_offer_token_unique" UNIQUE("offer_token"),
	CONSTRAINT "waitlist_status_check" CHECK ("waitlist_entries"."status" in ('waiting', 'offered', 'used', 'passed', 'removed')),
	CONSTRAINT "waitlist_teams_check" CHECK ("waitlist_entries"."teams_wanted" between 1 and 10)
);
--> statement-breakpoint
ALTER TABLE "waitlist_entries" ADD CONSTRAINT "waitlist_entries_tournament_sponsorship_level_id_tournament_sponsorship_levels_id_fk" FOREIGN KEY ("tournament_sponsorship_level_id") REFERENCES "public"."tournament_sponsorship_levels"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "waitlist_entries" ADD CONSTRAINT "waitlist_entries_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "waitlist_level_idx" ON "waitlist_entries" USING btree ("tournament_sponsorship_level_id","status","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "waitlist_one_open_entry" ON "waitlist_entries" USING btree ("tournament_sponsorship_level_id","user_id") WHERE "waitlist_entries"."status" in ('waiting', 'offered');