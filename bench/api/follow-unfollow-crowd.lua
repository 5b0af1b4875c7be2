-- wrk script: many citizens follow then unfollow many others (BENCH_TOKENS and BENCH_CITIZENS, each separated by
-- commas), as like-unlike-crowd.lua walks posts: each follow tells its citizen (ADR 077) and its unfollow takes
-- that back, the worst case for notifications.
local env_list = dofile("bench/api/env-list.lua")
local tokens = env_list("BENCH_TOKENS")
local citizens = env_list("BENCH_CITIZENS")
local n = 0
request = function()
  n = n + 1
  local pair = math.floor((n - 1) / 2) -- requests 1 and 2 are one pair: a follow, then its unfollow
  local verb = (n % 2 == 0) and "unfollow" or "follow"
  local token = tokens[(pair % #tokens) + 1]
  local citizen = citizens[((pair * 31) % #citizens) + 1]
  return wrk.format("POST", "/api/users/influencers/me/" .. verb .. "/" .. citizen,
    { ["Authorization"] = "Bearer " .. token })
end
