ALTER TABLE "auction_lots" DROP CONSTRAINT "auction_lots_purchase_id_purchases_id_fk";
