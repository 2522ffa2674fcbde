ALTER TABLE "messages" ALTER COLUMN "tournament_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "message_recipients" ADD COLUMN "link" text;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "kind" text DEFAULT 'field' NOT NULL;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "content" jsonb;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "year" integer;--> statement-breakpoint
ALTER TABLE "tournaments" ADD COLUMN "copied_from_id" uuid;--> statement-breakpoint
ALTER TABLE "tournaments" ADD CONSTRAINT "tournaments_copied_from_id_tournaments_id_fk" FOREIGN KEY ("copied_from_id") REFERENCES "public"."tournaments"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "messages_kind_idx" ON "messages" USING btree ("kind","tournament_id","year");--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_kind_check" CHECK ("messages"."kind" in ('field', 'thank_you', 'statements'));--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_tournament_check" CHECK ("messages"."tournament_id" is not null or "messages"."kind" = 'statements');