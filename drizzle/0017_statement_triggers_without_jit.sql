-- The funnel's statement triggers (decision 026) read their transition tables through generate_series, which the
-- planner takes for a thousand rows a creator: a bulk change of a few thousand creators was costed in the tens of
-- millions, and PostgreSQL compiled each statement's trigger query with LLVM first, about a second every time,
-- more than the query itself took (decision 053). Their queries are short and run once per statement: no JIT.
-- The embedded engine has no JIT; the setting changes nothing there.
ALTER FUNCTION "creator_insights_changed"() SET "jit" = off;--> statement-breakpoint
ALTER FUNCTION "creator_insights_added"() SET "jit" = off;
