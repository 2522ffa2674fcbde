CREATE TABLE "auction_bids" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"seq" bigint GENERATED ALWAYS AS IDENTITY (sequence name "auction_bids_seq_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"lot_id" uuid NOT NULL,
	"bidder_id" uuid NOT NULL,
	"amount_cents" integer NOT NULL,
	"max_cents" integer NOT NULL,
	"proxy" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "auction_bids_amount_check" CHECK ("auction_bids"."amount_cents" > 0 and "auction_bids"."max_cents" >= "auction_bids"."amount_cents")
);
--> statement-breakpoint
CREATE TABLE "auction_lots" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tournament_id" uuid NOT NULL,
	"title" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"image_id" uuid,
	"value_cents" integer DEFAULT 0 NOT NULL,
	"opening_bid_cents" integer NOT NULL,
	"min_raise_cents" integer NOT NULL,
	"buy_now_cents" integer,
	"donor" text DEFAULT '' NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"closes_at" timestamp with time zone,
	"current_bid_cents" integer,
	"leader_bidder_id" uuid,
	"leader_max_cents" integer,
	"bid_count" integer DEFAULT 0 NOT NULL,
	"closed_at" timestamp with time zone,
	"winner_bidder_id" uuid,
	"won_cents" integer,
	"purchase_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "auction_lots_value_check" CHECK ("auction_lots"."value_cents" >= 0),
	CONSTRAINT "auction_lots_opening_check" CHECK ("auction_lots"."opening_bid_cents" > 0),
	CONSTRAINT "auction_lots_raise_check" CHECK ("auction_lots"."min_raise_cents" > 0),
	CONSTRAINT "auction_lots_buy_now_check" CHECK ("auction_lots"."buy_now_cents" is null or "auction_lots"."buy_now_cents" > "auction_lots"."opening_bid_cents")
);
--> statement-breakpoint
CREATE TABLE "bidders" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tournament_id" uuid NOT NULL,
	"number" integer NOT NULL,
	"user_id" text,
	"player_id" uuid,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"show_name" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bidders_number_check" CHECK ("bidders"."number" >= 1)
);
--> statement-breakpoint
CREATE TABLE "paddle_raises" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tournament_id" uuid NOT NULL,
	"title" text NOT NULL,
	"levels_cents" integer[] NOT NULL,
	"opened_at" timestamp with time zone,
	"closed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "purchases" DROP CONSTRAINT "purchases_kind_check";--> statement-breakpoint
ALTER TABLE "purchases" ADD COLUMN "lot_id" uuid;--> statement-breakpoint
ALTER TABLE "purchases" ADD COLUMN "paddle_raise_id" uuid;--> statement-breakpoint
ALTER TABLE "purchases" ADD COLUMN "bidder_id" uuid;--> statement-breakpoint
ALTER TABLE "tournaments" ADD COLUMN "auction_opens_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "tournaments" ADD COLUMN "auction_closes_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "auction_bids" ADD CONSTRAINT "auction_bids_lot_id_auction_lots_id_fk" FOREIGN KEY ("lot_id") REFERENCES "public"."auction_lots"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "auction_bids" ADD CONSTRAINT "auction_bids_bidder_id_bidders_id_fk" FOREIGN KEY ("bidder_id") REFERENCES "public"."bidders"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "auction_lots" ADD CONSTRAINT "auction_lots_tournament_id_tournaments_id_fk" FOREIGN KEY ("tournament_id") REFERENCES "public"."tournaments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "auction_lots" ADD CONSTRAINT "auction_lots_image_id_images_id_fk" FOREIGN KEY ("image_id") REFERENCES "public"."images"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "auction_lots" ADD CONSTRAINT "auction_lots_leader_bidder_id_bidders_id_fk" FOREIGN KEY ("leader_bidder_id") REFERENCES "public"."bidders"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "auction_lots" ADD CONSTRAINT "auction_lots_winner_bidder_id_bidders_id_fk" FOREIGN KEY ("winner_bidder_id") REFERENCES "public"."bidders"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "auction_lots" ADD CONSTRAINT "auction_lots_purchase_id_purchases_id_fk" FOREIGN KEY ("purchase_id") REFERENCES "public"."purchases"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bidders" ADD CONSTRAINT "bidders_tournament_id_tournaments_id_fk" FOREIGN KEY ("tournament_id") REFERENCES "public"."tournaments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bidders" ADD CONSTRAINT "bidders_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bidders" ADD CONSTRAINT "bidders_player_id_players_id_fk" FOREIGN KEY ("player_id") REFERENCES "public"."players"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "paddle_raises" ADD CONSTRAINT "paddle_raises_tournament_id_tournaments_id_fk" FOREIGN KEY ("tournament_id") REFERENCES "public"."tournaments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "auction_bids_lot_idx" ON "auction_bids" USING btree ("lot_id","seq");--> statement-breakpoint
CREATE INDEX "auction_bids_bidder_idx" ON "auction_bids" USING btree ("bidder_id");--> statement-breakpoint
CREATE INDEX "auction_lots_tournament_idx" ON "auction_lots" USING btree ("tournament_id","sort_order");--> statement-breakpoint
CREATE UNIQUE INDEX "bidders_number_once" ON "bidders" USING btree ("tournament_id","number");--> statement-breakpoint
CREATE UNIQUE INDEX "bidders_user_once" ON "bidders" USING btree ("tournament_id","user_id") WHERE "bidders"."user_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "bidders_player_once" ON "bidders" USING btree ("tournament_id","player_id") WHERE "bidders"."player_id" is not null;--> statement-breakpoint
CREATE INDEX "paddle_raises_tournament_idx" ON "paddle_raises" USING btree ("tournament_id");--> statement-breakpoint
ALTER TABLE "purchases" ADD CONSTRAINT "purchases_lot_id_auction_lots_id_fk" FOREIGN KEY ("lot_id") REFERENCES "public"."auction_lots"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchases" ADD CONSTRAINT "purchases_paddle_raise_id_paddle_raises_id_fk" FOREIGN KEY ("paddle_raise_id") REFERENCES "public"."paddle_raises"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchases" ADD CONSTRAINT "purchases_bidder_id_bidders_id_fk" FOREIGN KEY ("bidder_id") REFERENCES "public"."bidders"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "purchases_one_per_lot" ON "purchases" USING btree ("lot_id") WHERE "purchases"."lot_id" is not null and "purchases"."payment_status" <> 'expired';--> statement-breakpoint
CREATE INDEX "purchases_paddle_raise_idx" ON "purchases" USING btree ("paddle_raise_id");--> statement-breakpoint
ALTER TABLE "purchases" ADD CONSTRAINT "purchases_lot_check" CHECK ("purchases"."kind" <> 'lot' or "purchases"."lot_id" is not null);--> statement-breakpoint
ALTER TABLE "purchases" ADD CONSTRAINT "purchases_kind_check" CHECK ("purchases"."kind" in ('donation', 'item', 'addon', 'lot'));--> statement-breakpoint
ALTER TABLE "tournaments" ADD CONSTRAINT "tournaments_auction_times_check" CHECK ("tournaments"."auction_closes_at" is null or "tournaments"."auction_opens_at" is null or "tournaments"."auction_closes_at" > "tournaments"."auction_opens_at");