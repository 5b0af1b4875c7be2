-- For the wrk scripts (run from the repository's root, as bench/run.sh does): the items of a comma-separated
-- list in an environment variable, e.g. BENCH_TOKENS or BENCH_POSTS; `@path` reads the list from that file
-- instead (a thousand tokens are longer than one environment variable may be).
return function(name)
  local text = os.getenv(name)
  if string.sub(text, 1, 1) == "@" then
    local file = assert(io.open(string.sub(text, 2), "r"))
    text = file:read("*a")
    file:close()
  end
  local items = {}
  for item in string.gmatch(text, "[^,%s]+") do items[#items + 1] = item end
  return items
end
