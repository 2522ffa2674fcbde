CREATE TABLE "golfer_answers" (
	"player_id" uuid NOT NULL,
	"question_id" uuid NOT NULL,
	"value" text NOT NULL,
	CONSTRAINT "golfer_answers_player_id_question_id_pk" PRIMARY KEY("player_id","question_id")
);
--> statement-breakpoint
CREATE TABLE "golfer_links" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"player_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "golfer_questions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tournament_id" uuid NOT NULL,
	"label" text NOT NULL,
	"kind" text NOT NULL,
	"choices" text[] DEFAULT '{}'::text[] NOT NULL,
	"required" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "golfer_questions_kind_check" CHECK ("golfer_questions"."kind" in ('text', 'choice', 'yes_no'))
);
--> statement-breakpoint
ALTER TABLE "players" ADD COLUMN "answered_by" text DEFAULT 'leader' NOT NULL;--> statement-breakpoint
ALTER TABLE "players" ADD COLUMN "answered_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "players" ADD COLUMN "answer_reminder_sent_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "players" ADD COLUMN "shirt_size" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "players" ADD COLUMN "dietary_needs" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "golfer_answers" ADD CONSTRAINT "golfer_answers_player_id_players_id_fk" FOREIGN KEY ("player_id") REFERENCES "public"."players"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "golfer_answers" ADD CONSTRAINT "golfer_answers_question_id_golfer_questions_id_fk" FOREIGN KEY ("question_id") REFERENCES "public"."golfer_questions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "golfer_links" ADD CONSTRAINT "golfer_links_player_id_players_id_fk" FOREIGN KEY ("player_id") REFERENCES "public"."players"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "golfer_questions" ADD CONSTRAINT "golfer_questions_tournament_id_tournaments_id_fk" FOREIGN KEY ("tournament_id") REFERENCES "public"."tournaments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "golfer_answers_question_idx" ON "golfer_answers" USING btree ("question_id");--> statement-breakpoint
CREATE INDEX "golfer_links_player_idx" ON "golfer_links" USING btree ("player_id");--> statement-breakpoint
CREATE INDEX "golfer_questions_tournament_idx" ON "golfer_questions" USING btree ("tournament_id","created_at");--> statement-breakpoint
ALTER TABLE "players" ADD CONSTRAINT "players_answered_by_check" CHECK ("players"."answered_by" in ('leader', 'golfer'));