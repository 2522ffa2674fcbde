CREATE TABLE "discount_codes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tournament_id" uuid NOT NULL,
	"code" text NOT NULL,
	"kind" text NOT NULL,
	"percent" integer,
	"amount_cents" integer,
	"level_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"item_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"max_uses" integer NOT NULL,
	"uses" integer DEFAULT 0 NOT NULL,
	"valid_from" date,
	"valid_until" date,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "discount_codes_kind_check" CHECK ("discount_codes"."kind" in ('percent', 'amount', 'free')),
	CONSTRAINT "discount_codes_percent_check" CHECK ("discount_codes"."kind" <> 'percent' or "discount_codes"."percent" between 1 and 100),
	CONSTRAINT "discount_codes_amount_check" CHECK ("discount_codes"."kind" <> 'amount' or "discount_codes"."amount_cents" >= 1),
	CONSTRAINT "discount_codes_uses_check" CHECK ("discount_codes"."uses" between 0 and "discount_codes"."max_uses" and "discount_codes"."max_uses" >= 1)
);
--> statement-breakpoint
ALTER TABLE "purchases" DROP CONSTRAINT "purchases_amount_check";--> statement-breakpoint
ALTER TABLE "organisation_settings" ADD COLUMN "fee_basis_points" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "organisation_settings" ADD COLUMN "fee_fixed_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "discount_code" text;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "discount_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "tournament_sponsorship_levels" ADD COLUMN "early_price_cents" integer;--> statement-breakpoint
ALTER TABLE "tournament_sponsorship_levels" ADD COLUMN "early_until" date;--> statement-breakpoint
ALTER TABLE "discount_codes" ADD CONSTRAINT "discount_codes_tournament_id_tournaments_id_fk" FOREIGN KEY ("tournament_id") REFERENCES "public"."tournaments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "discount_codes_tournament_code_unique" ON "discount_codes" USING btree ("tournament_id","code");--> statement-breakpoint
ALTER TABLE "organisation_settings" ADD CONSTRAINT "organisation_settings_fee_check" CHECK ("organisation_settings"."fee_basis_points" between 0 and 2000 and "organisation_settings"."fee_fixed_cents" between 0 and 10000);--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_discount_check" CHECK ("payments"."discount_cents" >= 0 and ("payments"."discount_cents" = 0 or "payments"."discount_code" is not null));--> statement-breakpoint
ALTER TABLE "purchases" ADD CONSTRAINT "purchases_amount_check" CHECK ("purchases"."amount_cents" > 0 or ("purchases"."kind" = 'item' and "purchases"."amount_cents" = 0));--> statement-breakpoint
ALTER TABLE "tournament_sponsorship_levels" ADD CONSTRAINT "tsl_early_price_check" CHECK (("tournament_sponsorship_levels"."early_price_cents" is null) = ("tournament_sponsorship_levels"."early_until" is null) and "tournament_sponsorship_levels"."early_price_cents" >= 0);