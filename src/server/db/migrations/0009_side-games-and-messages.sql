CREATE TABLE "contest_results" (
	"tournament_id" uuid NOT NULL,
	"hole_number" integer NOT NULL,
	"contest" text NOT NULL,
	"team_id" uuid NOT NULL,
	"player_id" uuid,
	"distance" integer NOT NULL,
	"hole_in_one" boolean DEFAULT false NOT NULL,
	"entered_by" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "contest_results_tournament_id_hole_number_contest_pk" PRIMARY KEY("tournament_id","hole_number","contest"),
	CONSTRAINT "contest_results_contest_check" CHECK ("contest_results"."contest" in ('closest_to_pin', 'longest_drive')),
	CONSTRAINT "contest_results_distance_check" CHECK ("contest_results"."distance" between 0 and 100000)
);
--> statement-breakpoint
CREATE TABLE "message_recipients" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"message_id" uuid NOT NULL,
	"email" text NOT NULL,
	"name" text NOT NULL,
	"reason" text NOT NULL,
	"status" text DEFAULT 'waiting' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"claimed_until" timestamp with time zone,
	"claim_token" uuid,
	"last_error" text,
	"sent_at" timestamp with time zone,
	CONSTRAINT "message_recipients_status_check" CHECK ("message_recipients"."status" in ('waiting', 'sending', 'sent', 'failed'))
);
--> statement-breakpoint
CREATE TABLE "messages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tournament_id" uuid NOT NULL,
	"audience" text NOT NULL,
	"level_id" uuid,
	"subject" text NOT NULL,
	"body" text NOT NULL,
	"sent_by" text,
	"sender_name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "tournaments" ADD COLUMN "skins" text DEFAULT 'off' NOT NULL;--> statement-breakpoint
ALTER TABLE "tournaments" ADD COLUMN "closest_to_pin_holes" integer[] DEFAULT '{}'::integer[] NOT NULL;--> statement-breakpoint
ALTER TABLE "tournaments" ADD COLUMN "longest_drive_holes" integer[] DEFAULT '{}'::integer[] NOT NULL;--> statement-breakpoint
ALTER TABLE "contest_results" ADD CONSTRAINT "contest_results_tournament_id_tournaments_id_fk" FOREIGN KEY ("tournament_id") REFERENCES "public"."tournaments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contest_results" ADD CONSTRAINT "contest_results_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contest_results" ADD CONSTRAINT "contest_results_player_id_players_id_fk" FOREIGN KEY ("player_id") REFERENCES "public"."players"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contest_results" ADD CONSTRAINT "contest_results_entered_by_user_id_fk" FOREIGN KEY ("entered_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "message_recipients" ADD CONSTRAINT "message_recipients_message_id_messages_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."messages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_tournament_id_tournaments_id_fk" FOREIGN KEY ("tournament_id") REFERENCES "public"."tournaments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_sent_by_user_id_fk" FOREIGN KEY ("sent_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "message_recipients_once" ON "message_recipients" USING btree ("message_id","email");--> statement-breakpoint
CREATE INDEX "message_recipients_due_idx" ON "message_recipients" USING btree ("next_attempt_at") WHERE "message_recipients"."status" in ('waiting', 'sending');--> statement-breakpoint
CREATE INDEX "message_recipients_sent_idx" ON "message_recipients" USING btree ("sent_at") WHERE "message_recipients"."status" = 'sent';--> statement-breakpoint
ALTER TABLE "tournaments" ADD CONSTRAINT "tournaments_skins_check" CHECK ("tournaments"."skins" in ('off', 'gross', 'net'));