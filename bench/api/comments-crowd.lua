-- wrk script: many citizens each open the comments of one of many posts (BENCH_TOKENS and BENCH_POSTS, each
-- separated by commas), on different strides, so the reads of one moment are for different (post, reader)
-- pairs: the first page of 20, as a post's page asks for it.
local env_list = dofile("bench/api/env-list.lua")
local tokens = env_list("BENCH_TOKENS")
local posts = env_list("BENCH_POSTS")
local n = 0
request = function()
  n = n + 1
  return wrk.format("GET", "/api/content/v1/creators-content/" .. posts[((n * 31) % #posts) + 1] .. "/comments",
    { ["Authorization"] = "Bearer " .. tokens[(n % #tokens) + 1] })
end
