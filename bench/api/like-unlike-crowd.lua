-- wrk script: many citizens like then unlike many posts (BENCH_TOKENS and BENCH_POSTS, each separated by
-- commas): request pairs walk citizens and posts on different strides, so writes spread over post rows,
-- like rows and counters the way a crowd's do, instead of one citizen taking turns over the posts.
local env_list = dofile("bench/api/env-list.lua")
local tokens = env_list("BENCH_TOKENS")
local posts = env_list("BENCH_POSTS")
local n = 0
request = function()
  n = n + 1
  local pair = math.floor((n - 1) / 2) -- requests 1 and 2 are one pair: a like, then its unlike
  local verb = (n % 2 == 0) and "un-liked" or "liked"
  local token = tokens[(pair % #tokens) + 1]
  local post = posts[((pair * 31) % #posts) + 1]
  return wrk.format("POST", "/api/users/influencers/me/" .. verb .. "-creators-content/" .. post,
    { ["Authorization"] = "Bearer " .. token, ["X-API-Version"] = "3.0" })
end
