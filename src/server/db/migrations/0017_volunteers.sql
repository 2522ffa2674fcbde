CREATE TABLE "volunteer_grants" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tournament_id" uuid NOT NULL,
	"email" text NOT NULL,
	"role" text NOT NULL,
	"until" date NOT NULL,
	"invited_by" text,
	"token_hash" text NOT NULL,
	"accepted_user_id" text,
	"accepted_at" timestamp with time zone,
	"ended_at" timestamp with time zone,
	"ended_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "volunteer_grants_token_hash_unique" UNIQUE("token_hash"),
	CONSTRAINT "volunteer_grants_role_check" CHECK ("volunteer_grants"."role" in ('scorer', 'check-in'))
);
--> statement-breakpoint
ALTER TABLE "volunteer_grants" ADD CONSTRAINT "volunteer_grants_tournament_id_tournaments_id_fk" FOREIGN KEY ("tournament_id") REFERENCES "public"."tournaments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "volunteer_grants" ADD CONSTRAINT "volunteer_grants_invited_by_user_id_fk" FOREIGN KEY ("invited_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "volunteer_grants" ADD CONSTRAINT "volunteer_grants_accepted_user_id_user_id_fk" FOREIGN KEY ("accepted_user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "volunteer_grants" ADD CONSTRAINT "volunteer_grants_ended_by_user_id_fk" FOREIGN KEY ("ended_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "volunteer_grants_tournament_idx" ON "volunteer_grants" USING btree ("tournament_id","created_at");--> statement-breakpoint
CREATE INDEX "volunteer_grants_user_idx" ON "volunteer_grants" USING btree ("accepted_user_id","tournament_id");