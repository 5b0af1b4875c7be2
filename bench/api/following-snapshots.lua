-- wrk script: the following feed's first page as its readers ask for it, each request with its own snapshot
-- (`timestamp`, epoch ms, spread over the last minute) and as the next citizen of BENCH_TOKENS (bearer tokens
-- separated by commas, or @file): citizens who follow 50 to 500 people in the generated data.
local env_list = dofile("bench/api/env-list.lua")
local tokens = env_list("BENCH_TOKENS")
local now_ms = os.time() * 1000
local n = 0
request = function()
  n = n + 1
  local timestamp = now_ms - (n * 7919) % 60000
  local headers = { ["Authorization"] = "Bearer " .. tokens[(n % #tokens) + 1] }
  for name, value in pairs(wrk.headers) do headers[name] = headers[name] or value end
  return wrk.format("GET", "/api/content/v1/feed/following?timestamp=" .. timestamp, headers)
end
