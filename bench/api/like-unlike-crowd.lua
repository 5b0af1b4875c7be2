-- wrk script: many citizens like then unlike many posts (BENCH_TOKENS and BENCH_POSTS, each separated by
-- commas): request pairs walk citizens and posts on different strides, so writes spread over post rows,
-- like rows and counters the way a crowd's do, instead of one citizen taking turns over the posts.
local tokens = {}
for token in string.gmatch(os.getenv("BENCH_TOKENS"), "[^,]+") do tokens[#tokens + 1] = token end
local posts = {}
for id in string.gmatch(os.getenv("BENCH_POSTS"), "[^,]+") do posts[#posts + 1] = id end
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
