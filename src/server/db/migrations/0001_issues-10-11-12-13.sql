CREATE TABLE "checkout_sessions" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"team_ids" uuid[] NOT NULL,
	"amount_cents" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "idempotency_keys" (
	"user_id" text NOT NULL,
	"key" text NOT NULL,
	"request_hash" text NOT NULL,
	"status" integer NOT NULL,
	"response" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "idempotency_keys_user_id_key_pk" PRIMARY KEY("user_id","key")
);
--> statement-breakpoint
CREATE TABLE "payment_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"payment_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"from_state" text,
	"to_state" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"actor_user_id" text,
	"provider_event_id" text,
	"note" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_events_kind_check" CHECK ("payment_events"."kind" in ('registered', 'status', 'card', 'refund', 'expired', 'extended', 'reinstated'))
);
--> statement-breakpoint
CREATE TABLE "processed_provider_events" (
	"id" text PRIMARY KEY NOT NULL,
	"type" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "score_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tournament_id" uuid NOT NULL,
	"team_id" uuid NOT NULL,
	"player_id" uuid,
	"hole_number" integer NOT NULL,
	"old_strokes" integer,
	"new_strokes" integer,
	"user_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "score_saves" (
	"idempotency_key" uuid PRIMARY KEY NOT NULL,
	"team_id" uuid NOT NULL,
	"user_id" text,
	"conflicts" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
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
ALTER TABLE "payments" DROP CONSTRAINT "payments_state_check";--> statement-breakpoint
ALTER TABLE "teams" DROP CONSTRAINT "teams_payment_status_check";--> statement-breakpoint
DROP INDEX "team_assignments_hole_unique";--> statement-breakpoint
ALTER TABLE "course_holes" ADD COLUMN "stroke_index" integer;--> statement-breakpoint
ALTER TABLE "golf_courses" ADD COLUMN "slope" integer DEFAULT 113 NOT NULL;--> statement-breakpoint
ALTER TABLE "golf_courses" ADD COLUMN "rating" numeric(4, 1);--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "provider_ref" text;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "refunded_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "players" ADD COLUMN "handicap_index" numeric(3, 1);--> statement-breakpoint
ALTER TABLE "rate_limits" ADD COLUMN "blocked_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "team_assignments" ADD COLUMN "start_group" text DEFAULT 'A' NOT NULL;--> statement-breakpoint
ALTER TABLE "teams" ADD COLUMN "reminder_sent_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "tournaments" ADD COLUMN "format" text DEFAULT 'stroke' NOT NULL;--> statement-breakpoint
ALTER TABLE "tournaments" ADD COLUMN "best_balls" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "tournaments" ADD COLUMN "net_scoring" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "tournaments" ADD COLUMN "single_group_holes" integer[] DEFAULT '{}'::integer[] NOT NULL;--> statement-breakpoint
ALTER TABLE "checkout_sessions" ADD CONSTRAINT "checkout_sessions_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "idempotency_keys" ADD CONSTRAINT "idempotency_keys_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_events" ADD CONSTRAINT "payment_events_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_events" ADD CONSTRAINT "payment_events_actor_user_id_user_id_fk" FOREIGN KEY ("actor_user_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "score_events" ADD CONSTRAINT "score_events_tournament_id_tournaments_id_fk" FOREIGN KEY ("tournament_id") REFERENCES "public"."tournaments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "score_events" ADD CONSTRAINT "score_events_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "score_events" ADD CONSTRAINT "score_events_player_id_players_id_fk" FOREIGN KEY ("player_id") REFERENCES "public"."players"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "score_events" ADD CONSTRAINT "score_events_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "score_saves" ADD CONSTRAINT "score_saves_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "score_saves" ADD CONSTRAINT "score_saves_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "waitlist_entries" ADD CONSTRAINT "waitlist_entries_tournament_sponsorship_level_id_tournament_sponsorship_levels_id_fk" FOREIGN KEY ("tournament_sponsorship_level_id") REFERENCES "public"."tournament_sponsorship_levels"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "waitlist_entries" ADD CONSTRAINT "waitlist_entries_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "checkout_sessions_user_idx" ON "checkout_sessions" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "payment_events_payment_idx" ON "payment_events" USING btree ("payment_id","created_at");--> statement-breakpoint
CREATE INDEX "score_events_team_idx" ON "score_events" USING btree ("team_id","created_at");--> statement-breakpoint
CREATE INDEX "waitlist_level_idx" ON "waitlist_entries" USING btree ("tournament_sponsorship_level_id","status","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "waitlist_one_open_entry" ON "waitlist_entries" USING btree ("tournament_sponsorship_level_id","user_id") WHERE "waitlist_entries"."status" in ('waiting', 'offered');--> statement-breakpoint
CREATE UNIQUE INDEX "course_holes_stroke_index_unique" ON "course_holes" USING btree ("course_id","stroke_index");--> statement-breakpoint
CREATE UNIQUE INDEX "team_assignments_hole_group_unique" ON "team_assignments" USING btree ("tournament_id","starting_hole","start_group");--> statement-breakpoint
CREATE INDEX "teams_expiry_idx" ON "teams" USING btree ("hold_until") WHERE "teams"."payment_status" in ('hold', 'pending');--> statement-breakpoint
ALTER TABLE "course_holes" ADD CONSTRAINT "course_holes_stroke_index_check" CHECK ("course_holes"."stroke_index" is null or "course_holes"."stroke_index" between 1 and 36);--> statement-breakpoint
ALTER TABLE "golf_courses" ADD CONSTRAINT "golf_courses_slope_check" CHECK ("golf_courses"."slope" between 55 and 155);--> statement-breakpoint
ALTER TABLE "golf_courses" ADD CONSTRAINT "golf_courses_rating_check" CHECK ("golf_courses"."rating" is null or "golf_courses"."rating" between 20 and 90);--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_refund_check" CHECK ("payments"."refunded_cents" between 0 and "payments"."amount_cents");--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_state_check" CHECK ("payments"."state" in ('pending', 'hold', 'in_progress', 'paid', 'expired'));--> statement-breakpoint
ALTER TABLE "players" ADD CONSTRAINT "players_handicap_index_check" CHECK ("players"."handicap_index" is null or "players"."handicap_index" between -10 and 54);--> statement-breakpoint
ALTER TABLE "team_assignments" ADD CONSTRAINT "team_assignments_start_group_check" CHECK ("team_assignments"."start_group" in ('A', 'B'));--> statement-breakpoint
ALTER TABLE "teams" ADD CONSTRAINT "teams_payment_status_check" CHECK ("teams"."payment_status" in ('pending', 'hold', 'in_progress', 'paid', 'expired'));--> statement-breakpoint
ALTER TABLE "tournaments" ADD CONSTRAINT "tournaments_format_check" CHECK ("tournaments"."format" in ('stroke', 'scramble', 'best_ball'));--> statement-breakpoint
ALTER TABLE "tournaments" ADD CONSTRAINT "tournaments_best_balls_check" CHECK ("tournaments"."best_balls" in (1, 2));