CREATE TABLE "addons" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tournament_id" uuid NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"price_cents" integer NOT NULL,
	"fmv_cents" integer DEFAULT 0 NOT NULL,
	"max_per_golfer" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "addons_price_check" CHECK ("addons"."price_cents" > 0),
	CONSTRAINT "addons_fmv_check" CHECK ("addons"."fmv_cents" >= 0),
	CONSTRAINT "addons_max_per_golfer_check" CHECK ("addons"."max_per_golfer" >= 1)
);
--> statement-breakpoint
CREATE TABLE "purchases" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tournament_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"user_id" text,
	"buyer_name" text NOT NULL,
	"buyer_email" text NOT NULL,
	"payment_status" text DEFAULT 'pending' NOT NULL,
	"hold_until" timestamp with time zone,
	"reminder_sent_at" timestamp with time zone,
	"amount_cents" integer NOT NULL,
	"fmv_cents" integer DEFAULT 0 NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"recorded_by" text,
	"show_name" boolean DEFAULT false NOT NULL,
	"dedication" text DEFAULT '' NOT NULL,
	"item_id" uuid,
	"hole_number" integer,
	"sponsor_name" text DEFAULT '' NOT NULL,
	"logo_image_id" uuid,
	"addon_id" uuid,
	"player_id" uuid,
	"quantity" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "purchases_kind_check" CHECK ("purchases"."kind" in ('donation', 'item', 'addon')),
	CONSTRAINT "purchases_payment_status_check" CHECK ("purchases"."payment_status" in ('pending', 'hold', 'in_progress', 'paid', 'expired')),
	CONSTRAINT "purchases_amount_check" CHECK ("purchases"."amount_cents" > 0),
	CONSTRAINT "purchases_fmv_check" CHECK ("purchases"."fmv_cents" >= 0),
	CONSTRAINT "purchases_quantity_check" CHECK ("purchases"."quantity" >= 1),
	CONSTRAINT "purchases_hole_check" CHECK ("purchases"."hole_number" is null or "purchases"."hole_number" between 1 and 36),
	CONSTRAINT "purchases_item_check" CHECK ("purchases"."kind" <> 'item' or "purchases"."item_id" is not null),
	CONSTRAINT "purchases_addon_check" CHECK ("purchases"."kind" <> 'addon' or ("purchases"."addon_id" is not null and "purchases"."player_id" is not null))
);
--> statement-breakpoint
CREATE TABLE "sponsorship_items" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tournament_id" uuid NOT NULL,
	"name" text NOT NULL,
	"includes" text DEFAULT '' NOT NULL,
	"price_cents" integer NOT NULL,
	"quantity" integer NOT NULL,
	"fmv_cents" integer DEFAULT 0 NOT NULL,
	"is_hole" boolean DEFAULT false NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sponsorship_items_price_check" CHECK ("sponsorship_items"."price_cents" >= 0),
	CONSTRAINT "sponsorship_items_quantity_check" CHECK ("sponsorship_items"."quantity" >= 1),
	CONSTRAINT "sponsorship_items_fmv_check" CHECK ("sponsorship_items"."fmv_cents" >= 0)
);
--> statement-breakpoint
ALTER TABLE "checkout_sessions" ALTER COLUMN "user_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "payments" ALTER COLUMN "team_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "checkout_sessions" ADD COLUMN "purchase_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "purchase_id" uuid;--> statement-breakpoint
ALTER TABLE "tournament_sponsorship_levels" ADD COLUMN "fmv_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "tournaments" ADD COLUMN "goal_cents" integer;--> statement-breakpoint
ALTER TABLE "addons" ADD CONSTRAINT "addons_tournament_id_tournaments_id_fk" FOREIGN KEY ("tournament_id") REFERENCES "public"."tournaments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchases" ADD CONSTRAINT "purchases_tournament_id_tournaments_id_fk" FOREIGN KEY ("tournament_id") REFERENCES "public"."tournaments"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchases" ADD CONSTRAINT "purchases_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchases" ADD CONSTRAINT "purchases_recorded_by_user_id_fk" FOREIGN KEY ("recorded_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchases" ADD CONSTRAINT "purchases_item_id_sponsorship_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."sponsorship_items"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchases" ADD CONSTRAINT "purchases_addon_id_addons_id_fk" FOREIGN KEY ("addon_id") REFERENCES "public"."addons"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchases" ADD CONSTRAINT "purchases_player_id_players_id_fk" FOREIGN KEY ("player_id") REFERENCES "public"."players"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sponsorship_items" ADD CONSTRAINT "sponsorship_items_tournament_id_tournaments_id_fk" FOREIGN KEY ("tournament_id") REFERENCES "public"."tournaments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "addons_tournament_idx" ON "addons" USING btree ("tournament_id");--> statement-breakpoint
CREATE INDEX "purchases_tournament_idx" ON "purchases" USING btree ("tournament_id");--> statement-breakpoint
CREATE INDEX "purchases_expiry_idx" ON "purchases" USING btree ("payment_status","hold_until");--> statement-breakpoint
CREATE INDEX "purchases_item_idx" ON "purchases" USING btree ("item_id");--> statement-breakpoint
CREATE INDEX "purchases_player_idx" ON "purchases" USING btree ("player_id");--> statement-breakpoint
CREATE INDEX "purchases_user_idx" ON "purchases" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "purchases_one_sponsor_per_hole" ON "purchases" USING btree ("item_id","hole_number") WHERE "purchases"."hole_number" is not null and "purchases"."payment_status" <> 'expired';--> statement-breakpoint
CREATE INDEX "sponsorship_items_tournament_idx" ON "sponsorship_items" USING btree ("tournament_id");--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_purchase_id_purchases_id_fk" FOREIGN KEY ("purchase_id") REFERENCES "public"."purchases"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payments_purchase_idx" ON "payments" USING btree ("purchase_id");--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_one_line_check" CHECK (("payments"."team_id" is null) <> ("payments"."purchase_id" is null));--> statement-breakpoint
ALTER TABLE "tournament_sponsorship_levels" ADD CONSTRAINT "tsl_fmv_check" CHECK ("tournament_sponsorship_levels"."fmv_cents" >= 0);--> statement-breakpoint
ALTER TABLE "tournaments" ADD CONSTRAINT "tournaments_goal_check" CHECK ("tournaments"."goal_cents" is null or "tournaments"."goal_cents" > 0);