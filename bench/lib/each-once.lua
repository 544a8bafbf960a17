-- wrk script of bench/lib/native-load.ts: every path of a file (one a line) asked exactly once over
-- wrk's connections, each connection taking the next path as it sends; a connection with no path left
-- waits (delay) instead of asking again, and the run stops at the last answer (the runner interrupts
-- wrk when told). wrk's own histogram
-- gives the latencies (from a request's write to its answer's end; a delay is not counted).
local ffi = require('ffi')
ffi.cdef([[
  typedef struct { long tv_sec; long tv_nsec; } each_once_timespec;
  int clock_gettime(int clock, each_once_timespec *out);
]])
local clock = ffi.new('each_once_timespec')
local function now_us()
  ffi.C.clock_gettime(1, clock) -- CLOCK_MONOTONIC
  return tonumber(clock.tv_sec) * 1e6 + tonumber(clock.tv_nsec) / 1e3
end

local threads = {}
function setup(thread)
  threads[#threads + 1] = thread
end

-- Per thread (bench/lib/native-load.ts runs one). wrk calls request() once after init to check the
-- script (cfg.pipeline): that call, sent = 0, is given the default path and not counted.
local paths, sent = {}, -1
answered, non2xx, empty, first_us, last_us = 0, 0, 0, 0, 0
local empty_marker

function init(args)
  for line in io.lines(args[1]) do
    paths[#paths + 1] = line
  end
  if args[2] ~= nil and args[2] ~= '' then empty_marker = args[2] end
end

function delay()
  if sent >= #paths then return 3600000 end
  return 0
end

function request()
  sent = sent + 1
  if sent == 0 then return wrk.format(nil, '/') end
  if first_us == 0 then first_us = now_us() end
  return wrk.format(nil, paths[sent])
end

function response(status, headers, body)
  answered = answered + 1
  last_us = now_us()
  if status < 200 or status > 299 then
    non2xx = non2xx + 1
  elseif empty_marker ~= nil and body ~= nil and string.find(body, empty_marker, 1, true) then
    empty = empty + 1
  end
  if answered >= #paths then
    -- The thread stops here; wrk's main thread sleeps out the duration unless interrupted, so the
    -- runner is told to send it SIGINT (it then joins the thread and reports).
    wrk.thread:stop()
    io.stdout:write('EACH_ONCE_ANSWERED\n')
    io.stdout:flush()
  end
end

function done(summary, latency, requests)
  local t = threads[1]
  local errors = summary.errors
  io.write(string.format(
    'EACH_ONCE {"answered":%d,"seconds":%.6f,"p50":%d,"p99":%d,"max":%d,"non2xx":%d,"empty":%d,"errors":%d}\n',
    t:get('answered'), (t:get('last_us') - t:get('first_us')) / 1e6, latency:percentile(50),
    latency:percentile(99), latency.max, t:get('non2xx'), t:get('empty'),
    errors.connect + errors.read + errors.write + errors.timeout))
end
