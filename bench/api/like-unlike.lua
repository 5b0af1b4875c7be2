-- wrk script: one citizen likes then unlikes one post, alternately (BENCH_TOKEN, BENCH_POST from the environment).
-- Each request is idempotent on its own, so the post's count stays exact whatever the interleaving.
local token = os.getenv("BENCH_TOKEN")
local post = os.getenv("BENCH_POST")
local n = 0
request = function()
  n = n + 1
  local verb = (n % 2 == 0) and "un-liked" or "liked"
  return wrk.format("POST", "/api/users/influencers/me/" .. verb .. "-creators-content/" .. post,
    { ["Authorization"] = "Bearer " .. token, ["X-API-Version"] = "3.0" })
end
