/**
 * The topic gate: a small, deliberate keyword check that runs before any answer is looked up or any model
 * is called. It is the first of two layers; the second is the model's own instructions (system-prompt.ts),
 * which refuse what slips through. The offline assistant has no model, so for it the gate plus a low
 * retrieval score (a "not in the help centre" reply) are the whole policy.
 *
 * Order of checks, first match wins:
 *  1. `child-safety`: sexual content involving minors. Answered with where to report it, never with a DMCA flow.
 *  2. `unsafe`: attacks on systems (hacking, DDoS, malware), locating or targeting people (doxxing, requests
 *     to harass, threaten or blackmail), abuse of the DMCA (fake notices, content the user does not own),
 *     and attempts to override the assistant's instructions.
 *  3. `off-topic` (strong): creative-writing and joke requests, whatever their subject.
 *  4. allowed: the message uses Vigil's vocabulary (DMCA, takedown, scan, leak, plan names, ...).
 *  5. `off-topic` (weak): everyday topics (weather, recipes, sports, finance, homework, ...) with none of
 *     Vigil's vocabulary. "Someone stole my recipe videos" passes at step 4.
 *  6. allowed: anything else; retrieval (or the model) decides, and says so when it has no answer.
 * Patterns name actions ("help me harass"), not topics, so a creator describing harassment is still helped.
 */
export type GateVerdict =
  | { allowed: true }
  | { allowed: false; reason: 'off-topic' | 'unsafe' | 'child-safety' };

const MINOR = String.raw`\b(child|children|kids?|minors?|underage|under-age|teens?|preteens?|under 18|\d{1,2}[- ]?(year|yr)s?[- ]old)\b`;
const SEXUAL = String.raw`\b(porn\w*|sexual\w*|nudes?|naked|explicit|nsfw|intimate)\b`;
const CHILD_SAFETY = [new RegExp(`${MINOR}.{0,40}${SEXUAL}`, 'i'), new RegExp(`${SEXUAL}.{0,40}${MINOR}`, 'i'), /\bcsam\b/i];

/** Phrases that ask for an action: "help me ...", "how do I ...", "I want to ...". */
const ASK = String.raw`\b(help me|how (do|can|could|should|would) (i|we)|how to|i want to|i need to|i'd like to|can you|could you|let's|teach me to)\b`;

const UNSAFE = [
  // attacks on systems
  new RegExp(`${ASK}.{0,40}\\b(hack|crack|breach|ddos|exploit|brute[- ]?force|phish|infect|break into)\\w*`, 'i'),
  /\b(write|create|make|build|send|spread|deploy|code)\b.{0,30}\b(malware|ransomware|virus|keylogger|botnet|phishing|trojan|spyware)\b/i,
  // locating or targeting people
  /\b(dox|doxx|doxxing|doxing|unmask)\w*\b/i,
  /\b(find|get|reveal|identify|track|locate|look up|search for)\b.{0,40}\b(his|her|their|the (uploader|leaker|infringer|pirate|person|user|poster|guy|girl)'?s?|this (person|user|guy|girl)'?s?)\b.{0,20}\b(home address|address|real name|name|identity|ip|ip address|phone( number)?|location|employer|family|workplace)\b/i,
  /\b(find|get|reveal|identify|track|locate|look up|search for)\b.{0,30}\b(home address|address|real name|real identity|identity|ip address|phone number|location|workplace|employer)\b.{0,20}\bof (the |this |that |a )?(uploader|leaker|infringer|pirate|person|user|poster|guy|girl|account owner)\b/i,
  /\b(find out|figure out|tell me|identify|know) who\b.{0,30}\b(leaked|stole|posted|uploaded|shared|is behind)\b/i,
  /\btrack (him|her|them|the \w+) down\b/i,
  new RegExp(`${ASK}.{0,40}\\b(harass|threaten|blackmail|extort|stalk|intimidate|hurt|kill|attack|swat|expose|shame)\\w*`, 'i'),
  // abuse of the DMCA process
  /\b(fake|false|bogus|fraudulent|fabricated)\b.{0,30}\b(dmca|takedowns?|notices?|claims?|strikes?|complaints?)\b/i,
  /\b(content|videos?|photos?|pictures?|images?|posts?|work|songs?|music)\b.{0,20}\b(i|we) (don'?t|do not|didn'?t|did not) (own|create|make)\b/i,
  // instruction override
  /\b(ignore|disregard|forget|override|bypass)\b.{0,40}\b(instructions?|rules|prompts?|guidelines|restrictions|guardrails?)\b/i,
  /\b(system prompt|jailbreak|developer mode|dan mode)\b/i,
  /\b(reveal|show|print|repeat|output)\b.{0,20}\b(your|the) (hidden |initial |original )?(instructions|prompt|rules|configuration)\b/i,
];

const STRONG_OFF_TOPIC = [
  /\b(write|compose|create|make|give|generate)\b(\s+\S+){0,4}?\s+(poem|poetry|song|lyrics|haiku|limerick|rap|sonnet|story|stories|fairy tale|joke|riddle|essay)s?\b/i,
  /\btell me (a |another )?(joke|story|riddle|fun fact)\b/i,
];

/** Words that only come up when someone is asking about protecting content or using Vigil. */
const ON_TOPIC =
  /\b(vigil|dmca|take ?downs?|copyright\w*|infring\w*|violat\w*|leak\w*|stole|stolen|steal\w*|pirat\w*|re-?post\w*|re-?upload\w*|unauthori[sz]ed|scans?|scanning|allow ?list\w*|white ?list\w*|counter[- ]?notices?|notices?|cases?|pricing|subscriptions?|billing|refunds?|money-?back|upgrade\w*|trial|enterprise|pro plan|basic plan|reference files?|confidence|badges?|fingerprint\w*|reverse image|duckduckgo|creators?|upload\w*|my (content|photos?|videos?|images?|pictures?|pics|clips?|work|channel|page|films?|movies?|songs?|music|art|artwork)|onlyfans|fansly|patreon|risk|hotspots?|dashboard|anonym\w*|fair use|licens\w*)\b/i;

const WEAK_OFF_TOPIC =
  /\b(weather|forecast|temperature|recipes?|cook\w*|bake|baking|sports?|football|soccer|basketball|baseball|nba|nfl|match score|stocks?|crypto\w*|bitcoin|invest\w*|horoscope|zodiac|movies?|films?|tv shows?|netflix|news|politic\w*|elections?|president|capital of|translate|translation|homework|math|equation|calculus|physics|chemistry|history of|poems?|poetry|jokes?|riddles?|diet|lose weight|workout|medical|doctor|symptoms?|dating|girlfriend|boyfriend|travel|flights?|hotels?|vacation|restaurants?|pizza|games?|gaming|python|javascript|programming)\b/i;

/** Decides whether a message is for the assistant at all (see the module comment for the rules). */
export function checkTopic(message: string): GateVerdict {
  const text = message.normalize('NFKC');
  if (CHILD_SAFETY.some((re) => re.test(text))) return { allowed: false, reason: 'child-safety' };
  if (UNSAFE.some((re) => re.test(text))) return { allowed: false, reason: 'unsafe' };
  if (STRONG_OFF_TOPIC.some((re) => re.test(text))) return { allowed: false, reason: 'off-topic' };
  if (ON_TOPIC.test(text)) return { allowed: true };
  if (WEAK_OFF_TOPIC.test(text)) return { allowed: false, reason: 'off-topic' };
  return { allowed: true };
}
