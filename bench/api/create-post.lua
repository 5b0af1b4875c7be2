-- wrk script: one citizen creates posts (BENCH_TOKEN from the environment). Captions carry one of 50
-- hashtags, so the per-tag counter rows are shared the way popular tags are, without one row taking every write.
local token = os.getenv("BENCH_TOKEN")
local n = 0
request = function()
  n = n + 1
  local body = string.format(
    '{"mediaType":"image","caption":"Benchmark post %d #benchtag%d","mentionRequest":[],"sharingOptions":"public"}',
    n, n % 50)
  return wrk.format("POST", "/api/users/v7/creators-content", {
    ["Authorization"] = "Bearer " .. token,
    ["Content-Type"] = "application/json",
    ["X-API-Version"] = "1.0",
  }, body)
end
