-- For the wrk scripts (run from the repository's root, as bench/run.sh does): the items of a comma-separated
-- list in an environment variable, e.g. BENCH_TOKENS or BENCH_POSTS.
return function(name)
  local items = {}
  for item in string.gmatch(os.getenv(name), "[^,]+") do items[#items + 1] = item end
  return items
end
