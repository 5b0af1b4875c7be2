-- wrk script: every request a page not asked for before in the run (issue 48's "distinct pages"). The paths are
-- read from the file BENCH_PAGES_FILE (one per line, e.g. /p/<id> or /u/<username>) and asked for in order; a run
-- that outlasts the list starts it again, which the caller avoids by listing more pages than the run can render.
-- BENCH_COOKIE, when set, is sent as the Cookie header (a signed-in citizen's session).
local paths = {}
for line in io.lines(os.getenv("BENCH_PAGES_FILE")) do paths[#paths + 1] = line end
local cookie = os.getenv("BENCH_COOKIE")
local headers = { ["Accept-Language"] = "en-GB", ["Accept"] = "text/html" }
if cookie and cookie ~= "" then headers["Cookie"] = cookie end
local n = 0
request = function()
  n = n + 1
  return wrk.format("GET", paths[((n - 1) % #paths) + 1], headers)
end
