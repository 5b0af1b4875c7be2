-- wrk script: one citizen likes then unlikes each of many posts in turn (BENCH_TOKEN, and BENCH_POSTS: ids
-- separated by commas). Spreads the writes over many post rows, as real traffic does, where like-unlike.lua
-- makes every request wait on one row's lock.
local token = os.getenv("BENCH_TOKEN")
local env_list = dofile("bench/api/env-list.lua")
local posts = env_list("BENCH_POSTS")
local n = 0
request = function()
  n = n + 1
  local verb = (n % 2 == 0) and "un-liked" or "liked"
  local post = posts[(math.floor(n / 2) % #posts) + 1]
  return wrk.format("POST", "/api/users/influencers/me/" .. verb .. "-creators-content/" .. post,
    { ["Authorization"] = "Bearer " .. token, ["X-API-Version"] = "3.0" })
end
