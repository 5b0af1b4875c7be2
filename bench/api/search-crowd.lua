-- wrk script: people search as a crowd types it: each request the next of BENCH_QUERIES (the starts of the
-- generated names, bench/api/search-queries.mjs) as the next citizen of BENCH_TOKENS (bearer tokens separated by
-- commas, or @file), the first page of 20. BENCH_KIND (people) may name hashtags instead.
local env_list = dofile("bench/api/env-list.lua")
local tokens = env_list("BENCH_TOKENS")
local queries = env_list("BENCH_QUERIES")
local kind = os.getenv("BENCH_KIND") or "people"
local n = 0
request = function()
  n = n + 1
  local headers = { ["Authorization"] = "Bearer " .. tokens[(n % #tokens) + 1] }
  for name, value in pairs(wrk.headers) do headers[name] = headers[name] or value end
  -- 7 and the count of queries share no factor, so each citizen asks every query in turn.
  local q = queries[((n * 7) % #queries) + 1]
  return wrk.format("GET", "/api/graphs/v1/search?kind=" .. kind .. "&q=" .. q, headers)
end
