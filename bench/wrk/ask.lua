-- POST /device_api/v1/ask for wrk: the device key and session from the environment, the questions
-- one a line from ASK_QUESTIONS (a file bench/ask-wrk.ts writes), taken in turn so the answers are
-- not one cached question.
local key = os.getenv("ASK_KEY")
local session = os.getenv("ASK_SESSION")
local file = os.getenv("ASK_QUESTIONS")
assert(key and session and file, "ASK_KEY, ASK_SESSION and ASK_QUESTIONS are needed")

local questions = {}
for line in io.lines(file) do
  questions[#questions + 1] = line
end
assert(#questions > 0, "no questions in " .. file)

wrk.method = "POST"
wrk.headers["Authorization"] = "Bearer " .. key
wrk.headers["Content-Type"] = "application/json"

local bodies = {}
for i, q in ipairs(questions) do
  -- The questions are plain words (the bench writes them so): no JSON escaping needed.
  bodies[i] = '{"session_id":"' .. session .. '","language":"english","text":"' .. q .. '"}'
end

local n = 0
request = function()
  n = n % #bodies + 1
  return wrk.format(nil, nil, nil, bodies[n])
end
