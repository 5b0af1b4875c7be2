-- wrk script: many citizens each open one of many posts (BENCH_TOKENS and BENCH_POSTS, each separated by
-- commas), walking citizens and posts on different strides, so no two requests in a row read the same post
-- as the same citizen: the reads of one moment are for different (post, reader) pairs, as a crowd's are.
local env_list = dofile("bench/api/env-list.lua")
local tokens = env_list("BENCH_TOKENS")
local posts = env_list("BENCH_POSTS")
local n = 0
request = function()
  n = n + 1
  return wrk.format("GET", "/api/content/v1/creators-content/" .. posts[((n * 31) % #posts) + 1],
    { ["Authorization"] = "Bearer " .. tokens[(n % #tokens) + 1] })
end
