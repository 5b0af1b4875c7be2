-- wrk script: the stage as clients that follow docs/product.md §7 ask for it, each request with its own snapshot
-- (`timestamp`, epoch ms, spread over the last minute, as sessions started at different moments send), and,
-- when BENCH_TOKENS lists many bearer tokens (separated by commas), each request as the next citizen.
-- BENCH_COUNTRY (GB). BENCH_FEED names another feed that takes a timestamp (the following feed's path, its `?`
-- included), read the same way.
local env_list = dofile("bench/api/env-list.lua")
local tokens = env_list("BENCH_TOKENS")
local country = os.getenv("BENCH_COUNTRY") or "GB"
local feed = os.getenv("BENCH_FEED") or ("/api/content/v9/feed/eight-stage?country=" .. country .. "&")
local now_ms = os.time() * 1000
local n = 0
request = function()
  n = n + 1
  -- 7919 is prime: consecutive requests land far apart in the minute, and no two of 60,000 coincide.
  local timestamp = now_ms - (n * 7919) % 60000
  -- wrk.format takes the given headers instead of the command line's (-H, Accept-Encoding say): merge them.
  local headers = { ["Authorization"] = "Bearer " .. tokens[(n % #tokens) + 1] }
  for name, value in pairs(wrk.headers) do headers[name] = headers[name] or value end
  return wrk.format("GET", feed .. "timestamp=" .. timestamp, headers)
end
