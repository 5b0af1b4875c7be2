-- wrk script: many citizens (BENCH_TOKENS, separated by commas) each read the first page of their notifications,
-- in turn, as a crowd with the screen open does.
local env_list = dofile("bench/api/env-list.lua")
local tokens = env_list("BENCH_TOKENS")
local n = 0
request = function()
  n = n + 1
  return wrk.format("GET", "/api/notifications/v1/notifications", { ["Authorization"] = "Bearer " .. tokens[(n % #tokens) + 1] })
end
