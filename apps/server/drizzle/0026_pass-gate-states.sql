CREATE TABLE "pass_gate_states" (
	"registration_id" uuid PRIMARY KEY NOT NULL,
	"in_step" integer,
	"out_step" integer,
	"last_direction" smallint,
	"last_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "pass_gate_states" ADD CONSTRAINT "pass_gate_states_registration_id_registrations_id_fk" FOREIGN KEY ("registration_id") REFERENCES "public"."registrations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Every pass used before: its highest step a direction (pass_codes) and its latest log line.
INSERT INTO "pass_gate_states" ("registration_id", "in_step", "out_step", "last_direction", "last_at")
SELECT r.id, c.in_step, c.out_step, l.direction, l.created_at
FROM "registrations" r
LEFT JOIN (
	SELECT registration_id, max(step) FILTER (WHERE direction = 1) AS in_step, max(step) FILTER (WHERE direction = 2) AS out_step
	FROM "pass_codes" WHERE registration_id IS NOT NULL GROUP BY registration_id
) c ON c.registration_id = r.id
LEFT JOIN LATERAL (
	SELECT direction, created_at FROM "entry_logs" WHERE registration_id = r.id ORDER BY created_at DESC, id DESC LIMIT 1
) l ON true
WHERE c.registration_id IS NOT NULL OR l.direction IS NOT NULL;
