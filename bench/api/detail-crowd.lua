-- wrk script: many citizens each open one of many posts (BENCH_TOKENS and BENCH_POSTS, each separated by
-- commas), walking citizens and posts on different strides, so no two requests in a row read the same post
-- as the same citizen: the reads of one moment are for different (post, reader) pairs, as a crowd's are.
-- BENCH_POST_SUFFIX reads something of each post instead of its detail (`/comments`: its first page of comments).
local env_list = dofile("bench/api/env-list.lua")
local tokens = env_list("BENCH_TOKENS")
local posts = env_list("BENCH_POSTS")
local suffix = os.getenv("BENCH_POST_SUFFIX") or ""
local n = 0
request = function()
  n = n + 1
  return wrk.format("GET", "/api/content/v1/creators-content/" .. posts[((n * 31) % #posts) + 1] .. suffix,
    { ["Authorization"] = "Bearer " .. tokens[(n % #tokens) + 1] })
end
