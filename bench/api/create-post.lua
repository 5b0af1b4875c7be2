-- wrk script: citizens create posts (BENCH_TOKENS: bearer tokens separated by commas; each request takes the
-- next). Captions carry one of 50 hashtags, so the per-tag counter rows are shared the way popular tags are,
-- without one row taking every write.
local env_list = dofile("bench/api/env-list.lua")
local tokens = env_list("BENCH_TOKENS")
local n = 0
request = function()
  n = n + 1
  local body = string.format(
    '{"mediaType":"image","caption":"Benchmark post %d #benchtag%d","mentionRequest":[],"sharingOptions":"public"}',
    n, n % 50)
  return wrk.format("POST", "/api/users/v7/creators-content", {
    ["Authorization"] = "Bearer " .. tokens[(n % #tokens) + 1],
    ["Content-Type"] = "application/json",
    ["X-API-Version"] = "1.0",
  }, body)
end
