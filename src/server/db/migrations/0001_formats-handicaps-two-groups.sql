DROP INDEX "team_assignments_hole_unique";--> statement-breakpoint
ALTER TABLE "course_holes" ADD COLUMN "stroke_index" integer;--> statement-breakpoint
ALTER TABLE "golf_courses" ADD COLUMN "slope" integer DEFAULT 113 NOT NULL;--> statement-breakpoint
ALTER TABLE "golf_courses" ADD COLUMN "rating" numeric(4, 1);--> statement-breakpoint
ALTER TABLE "players" ADD COLUMN "handicap_index" numeric(3, 1);--> statement-breakpoint
ALTER TABLE "team_assignments" ADD COLUMN "start_group" text DEFAULT 'A' NOT NULL;--> statement-breakpoint
ALTER TABLE "tournaments" ADD COLUMN "format" text DEFAULT 'stroke' NOT NULL;--> statement-breakpoint
ALTER TABLE "tournaments" ADD COLUMN "best_balls" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "tournaments" ADD COLUMN "net_scoring" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "tournaments" ADD COLUMN "single_group_holes" integer[] DEFAULT '{}'::integer[] NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "course_holes_stroke_index_unique" ON "course_holes" USING btree ("course_id","stroke_index");--> statement-breakpoint
CREATE UNIQUE INDEX "team_assignments_hole_group_unique" ON "team_assignments" USING btree ("tournament_id","starting_hole","start_group");--> statement-breakpoint
ALTER TABLE "course_holes" ADD CONSTRAINT "course_holes_stroke_index_check" CHECK ("course_holes"."stroke_index" is null or "course_holes"."stroke_index" between 1 and 36);--> statement-breakpoint
ALTER TABLE "golf_courses" ADD CONSTRAINT "golf_courses_slope_check" CHECK ("golf_courses"."slope" between 55 and 155);--> statement-breakpoint
ALTER TABLE "golf_courses" ADD CONSTRAINT "golf_courses_rating_check" CHECK ("golf_courses"."rating" is null or "golf_courses"."rating" between 20 and 90);--> statement-breakpoint
ALTER TABLE "players" ADD CONSTRAINT "players_handicap_index_check" CHECK ("players"."handicap_index" is null or "players"."handicap_index" between -10 and 54);--> statement-breakpoint
ALTER TABLE "team_assignments" ADD CONSTRAINT "team_assignments_start_group_check" CHECK ("team_assignments"."start_group" in ('A', 'B'));--> statement-breakpoint
ALTER TABLE "tournaments" ADD CONSTRAINT "tournaments_format_check" CHECK ("tournaments"."format" in ('stroke', 'scramble', 'best_ball'));--> statement-breakpoint
ALTER TABLE "tournaments" ADD CONSTRAINT "tournaments_best_balls_check" CHECK ("tournaments"."best_balls" in (1, 2));