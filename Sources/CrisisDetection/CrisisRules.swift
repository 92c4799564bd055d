/// The deterministic crisis rules: regular expressions over normalised sentences (see
/// ``CrisisTextNormalizer``), grouped by category. Written from the C-SSRS ideation spectrum and the
/// ways people report risk for someone else; tuned on `evaluation/development`, never on the frozen
/// held-out set.
enum CrisisRules {
    /// One rule: its id, its category, how strong it is, and its pattern.
    struct Rule: Sendable {
        let id: String
        let category: CrisisCategory
        let score: Double
        let pattern: String
    }

    // Fragments shared by several rules.
    static let reflexive = "(myself|my self|himself|herself|themselves|themself|yourself)"
    static let selfOnly = "(myself|my self)"
    static let pills = "(pills?|tablets?|capsules?|meds|medications?|medicine|sleeping pills|sleepers|pain ?killers|"
        + "oxy\\w*|percocets?|xanax|valium|ambien|tylenol|acetaminophen|paracetamol|advil|ibuprofen|aspirin|benadryl|"
        + "insulin|anti ?depressants?|opioids?|fentanyl|heroin|lithium|seroquel|zoloft|prozac|lexapro|klonopin|"
        + "trazodone|gabapentin|morphine|vicodin|norco|methadone|melatonin|prescriptions?|script|tramadol|amitriptyline|"
        + "co codamol|codamol|codeine|crocin|digoxin|phenobarbital|sertraline|diazepam|adderall|hydrocodone|nyquil)"
    static let quantity = "(all|whole|entire|every|handful|bottle|bottles|pack|packet|box|jar|blister|strip|too many|"
        + "way too many|a lot of|a bunch of|a ton of|lots of|bunch|a load of|loads of|a pile of|strips|\\d{2,}|twenty|"
        + "thirty|forty|fifty|sixty|hundred|dozen)"
    static let relative = "(wife|husband|son|daughter|kid|kids|child|teen|teenager|boy|girl|mom|mother|mum|dad|father|"
        + "brother|sister|friend|buddy|partner|boyfriend|girlfriend|roommate|coworker|co worker|grandma|grandpa|"
        + "grandmother|grandfather|neighbou?r|uncle|aunt|cousin|nephew|niece|student|battle buddy|brother in law|"
        + "sister in law|best friend|fiance|fiancee|spouse|stepson|stepdaughter)"
    static let thirdSubject = "(he|she|they|him|her|them|my \(relative)|our \(relative)|\(relative))"
    static let timing = "(tonight|today|tomorrow|this weekend|this week|on (monday|tuesday|wednesday|thursday|friday|"
        + "saturday|sunday)|after (the kids|everyone|everybody|they|she|he|my wife|my husband) (are|is|go|goes|gets|get|"
        + "fall|falls) (asleep|to bed|to sleep|to school|to work|out|home)|when (everyone|everybody|they|she|he) (leaves|"
        + "leave|is gone|are gone|goes|go out)|before (morning|sunrise|they wake|anyone wakes|christmas|my birthday)|"
        + "at (midnight|\\d{1,2}( ?am| ?pm)?)|this (morning|afternoon|evening|friday|saturday|sunday)|in an hour|"
        + "right now|soon|by (morning|friday|the weekend|tomorrow))"
    static let dieWords = "(die|dying|dead|be dead|kill|killing|end it|end my life|end things|end everything|not wake up|"
        + "suicide|do it|go through with it|overdose|hang|jump|shoot)"

    /// Phrases that use crisis words without risk; blanked out before the rules run.
    static let benign: [String] = [
        "(is|are|was|were|it is|that is|this is|they are|you are|heat is|feet are|back is|knees are) killing me",
        "(kill|killing|killed) (it|time|the (lights?|engine|music|weeds?|bugs?|ants?|mood|battery|vibe|radio|power|"
            + "tv|fan|motor|process|app|mosquitoes|fleas|germs|bacteria|mold|roaches|spiders|flies|grass|lawn))",
        // Not after a verb of swallowing it: "i ate the rat poison" is a poisoning, not pest control.
        "(?<!(ate|eat|eaten|eating|drank|drink|drinking|swallowed|swallow|swallowing|took|ingested|into) (the |some |a bit of )?)"
            + "(weed|bug|pest|ant|roach|mold|germ|fly|rat|mouse) (killer|killers|killing|spray|poison|bait|traps?)",
        "(put|putting|set|setting|place|placing|buy|buying|get|getting|need|needs|spread|leave|left) (out )?(some )?rat "
            + "poison (for|in|under|around|near|at|by) (the )?(garage|shed|basement|attic|barn|garden|yard|porch|mice|rats)",
        "(dying|die) (to|for) (see|try|know|go|meet|get|hear|watch|eat|have)", "(?<!(deserve|deserves|deserving|deserved) )to die for",
        "rather die than (go to|go back to|attend|sit through|eat|watch|listen to|wear|do (the|my|that|this|another))",
        "(took|take|taking|brought|bring|dropped|drop) (off )?(all )?(the |my |our )?(old |unused |expired |leftover )?"
            + "(\\w+ )?(pills|meds|medications|prescriptions|bottles|tablets) (off )?(back )?to the (pharmacy|chemist|drug store|police station|take back)",
        "(pharmacy |drug |medication |medicine )?take ?back (bin|box|day|program|event|kiosk)",
        "(would|could|id|i would|i could) kill for (a|an|some|another)\\b",
        "(lawn ?mower|mower|saw|blender|fan|wiper|skate|hedge trimmer|trimmer) blades?",
        "blades? (on|of|for) (my|the|our) (lawn ?mower|mower|saw|blender|fan|trimmer)",
        // Written 2026-11-27 from the look-alikes of crisis-7a and 7b.
        "so hungover (that )?i (want to|could|am going to) die",
        "suicide (solution|is painless|squad|blonde|silence|commando|mission|missions|run|runs|drills?|sprints?|doors?)",
        "(set|add|create|make|schedule) (a |an )?(daily |recurring |weekly )?(reminder|alarm) to take (my|his|her|their|the) "
            + "(meds|pills|medications?|medicine|tablets)",
        "not (a )?goodbye (letter|letters|note|notes)",
        "signs of too much", "overdos\\w* on (those |these |the |my |their )?(vitamin \\w+|vitamins|gummy vitamins|gummies|"
            + "supplements|fish oil|iron supplements|eggnog|sugar|candy|chocolate|cheese|carbs|cuteness|christmas|hallmark \\w+|"
            + "netflix|tv)",
        // Written 2026-12-07 from the look-alikes of crisis-12a and 12b.
        "overdos\\w* (the|my|our) (lawn|grass|plants|garden|soil|tomatoes|pool|tank|fish)\\b",
        "self harm (question|questions|section|module|topic|essay|unit|lecture|policy|training)",
        "(explain|explaining|talk about|talking about) (self harm|suicide) (to|gently|with)",
        "remind (me|him|her|us|mom|dad|grandma|grandpa) to take (my|his|her|their|the) (meds|pills|medications?|medicine|tablets)",
        "(dead|died) (tired|battery|phone|car|plant|plants|serious|wrong|on|center|end|last|set on|beat|asleep)",
        "(phone|battery|car|laptop|plant|plants|tv|fridge|printer|tablet|remote|flowers|basil|tomatoes|lawn|grass|"
            + "mouse|keyboard|controller|headphones|charger|bulb|tree|fish|goldfish|hamster) (died|is dead|was dead|are dead|dead)",
        // Written 2026-11-27: a threat hung on a trivial annoyance ("if the Browns lose again I'm jumping off a bridge").
        "if (\\w+ ){1,6}(lose|loses|blow it|blows it|crows|cuts out|has to watch|have to watch|have to sit through|has to sit "
            + "through) (\\w+ ){0,6}(i am|i will|he will|she will|he is|she is|i would) (going to )?(jump|jumping|shoot|"
            + "hang|kill)"
            + "\\w*( (myself|himself|herself|off|from))?( (the|a|my) (\\w+ )?(bridge|roof|ceiling fan|building|cliff))?",
        "(overdose|suicide|jumper|od) calls?",
        "deadline", "deadlines", "deadlift", "deadlifts", "deadbolt", "drop dead gorgeous", "over my dead body",
        "cut (the|my|his|her|our) (grass|lawn|hedge|hedges|cake|cord|onions?|vegetables|veggies|wire|tree|hair|nails|"
            + "bangs|coupons?|budget|costs?|spending|sandwich|steak|meat|paper|fabric|carrots?|apples?|pizza|bread|crust)",
        "(cut|cutting) (back|down) on", "cut (it|that) out", "(cut|cutting) (class|school|corners|ties with)",
        "shoot (me )?(a |an |him a |her a )?(text|email|message|photo|picture|video|hoops?|the breeze|a line|a pic)",
        "(photo|video|film) shoot", "shoot (photos|pictures|video|a video|some hoops)",
        "hang (the|up|out|a|some|these|those|my|our) (pictures?|photos?|lights|shelf|shelves|clothes|laundry|coat|"
            + "curtains?|art|painting|mirror|tv|wreath|decorations|sign|poster|frame|frames|calendar|towels?|hammock|"
            + "string lights|christmas lights|out|up|around)",
        "hang (out|in there|on|tight)", "hung up", "hang up", "hangover", "hung over",
        "(jump|jumping|jumped) (off|from|into|on|in) (the |a )?(diving board|high dive|trampoline|dock|pier|swings?|couch|"
            + "sofa|bed|pool|puddles?|waves|bouncy castle|monkey bars|slide)",
        "suicide (squad|doors?|squeeze|bunt|prevention (walk|month|training|week|day|fundraiser|event|awareness))",
        "(killer|murder) (recipe|deal|app|workout|view|mystery|podcast|show|documentary|shoes|playlist|hornet)",
        "(could|would|will|going to|gonna) (murder|kill|destroy) (a|some|that|this|for a|for some|for) "
            + "(pizza|burger|sandwich|beer|coffee|nap|steak|taco|tacos|drink|cookie|donut)",
        "(bored|scared|scare|worried|tickled|loved|freezing|starving) (me )?to death", "(die|died|dying) (laughing|of laughter|of embarrassment|of shame|of boredom|of cuteness)",
        "(laughed|laughing|laugh) (so hard|till|until|myself)",
        "overdos\\w* on (\\w+ ){0,3}(treats|snacks|sweets|food|cheese|popcorn|ice cream|peanut butter|cuteness|drama|memes|"
            + "sleep|sugar|candy|chocolate|coffee|caffeine|netflix|tv|cake|halloween candy|pizza|carbs|sun|"
            + "screen time|video games|reality tv|christmas|cookies|work)",
        "(signs|symptoms|risk|risks|danger|dangers) of (an )?(overdose|overdosing)", "overdose (prevention|awareness|training|kit|risk|risks)",
        "narcan", "naloxone", "(am|is|are|was|feel|felt) not suicidal (anymore|any more|now|these days)",
        "(accidentally|by accident|by mistake|mistakenly) (took|taken|take|gave|given|double dosed|doubled)",
        "bullet (points?|journal|list|train)", "(dead|bitter) end",
        "(hunting|fishing|deer|duck|elk|turkey|bird) (license|licence|season|trip|tags?|stand|blind|camp|rifle|gun)",
        "(clean|cleaning|oil|oiling) (the|my|his) (rifle|gun|shotgun|pistol|barrel)",
        "(range|shooting) (day|trip|practice)", "gun safe",
        "(this|that|the) (movie|film|show|song|book|game|episode) (kills|killed|is killing) me",
        "(kill|killing) (the|that|this) (game|boss|level|quest|dragon|zombie|zombies|enemy|enemies)",
        "(cut|cuts|cutting) (myself|my (hand|finger|thumb)) (shaving|cooking|chopping|slicing|on (the|a) "
            + "(knife|can|glass|paper|box|lid))",
        "(burned|burnt|burn) (myself|my (hand|finger|arm|tongue)) (on|while|cooking|baking|making|with (the|a|my) "
            + "(oven|stove|pan|pot|iron|kettle|curling iron|hair straightener|grill|tray|toaster))",
        "(hurt|hurting|pulled|strained|tweaked) my (back|knee|ankle|wrist|shoulder|neck|foot|leg) (at|lifting|moving|"
            + "playing|running|doing|while|when|on|yesterday|again)",
        "(hurt|injured) myself (at|lifting|moving|playing|running|doing|working out|at the gym|skiing|in the yard)",
        "(kill|killing) (me|us) (with|softly)", "you are killing me", "you kill me",
        "(my|the) (kids|boss|traffic|commute|homework|job|work|exam|exams|taxes|meeting|meetings|week|day|heat|"
            + "humidity|neighbo?urs?|dog|cat|baby|toddler|mortgage) (is|are|was|were) (going to be the death of|"
            + "the death of|going to kill) me",
        // Written 2026-11-28 from the look-alikes of crisis-10a and 10b: questions of people who help, and chores.
        "rather die than (make|answer|take|return) (a |the )?(phone )?calls?",
        "(warning )?signs of suicide (in|among|for)", "suicide warning signs",
        "ask (\\w+ ){1,4}if (they|theyre|they are|he is|hes|she is|shes) (\\w+ )?(thinking about|having thoughts of|considering) "
            + "suicide",
        "if (a|my|the|your) (student|friend|child|kid|teen|patient|employee|coworker|camper|client|player|athlete|scout) (discloses|mentions|"
            + "talks about|brings up|tells (me|you) about) (self harm|suicide|suicidal thoughts|cutting)",
        "(took|taken|take) (my |the )?(vitamin \\w+|vitamins|multivitamin|fish oil|supplements?|probiotic|iron) twice( this morning|"
            + " today| tonight)? by mistake",
        "(decided|decide|deciding) to (taper|stop|start|switch|change|lower|reduce|increase|come off) (my |the |his |her )?"
            + "(\\w+ )?(meds|medication|medications|antidepressant|antidepressants|dose|dosage)",
        "cleaned (the|my|his) (rifle|gun|shotgun|pistol|barrel)",
        // Only with the ordinary reason in the same sentence: "a goodbye message to my team … before I go" is a farewell.
        "goodbye (message|email|card|speech|note|post|lunch|party) (to|for) (the|my|our) (team|class|coworkers|colleagues|staff|crew|"
            + "students|neighbou?rs|club|department|depot)\\W+(\\w+\\W+){0,8}?(retiring|retirement|new job|last day|moving|farewell)",
        "bleed (the|my|our) (radiators?|brakes?|brake lines?|lines?|pipes?|heating)",
        "end it (with|between) (him|her|them|my|our)", "end (the|our) (call|meeting|relationship|lease|subscription|"
            + "contract|game|movie|day|week|month|year|season)",
    ]

    /// What ends the risk reading of a sentence: it is denied, in the past, or resolved.
    static let resolution: [String] = [
        "(would|will|could) never (kill|hurt|harm|end|do that to|do anything to)",
        "(am|are|is|was) not (suicidal|going to (hurt|kill|harm) (myself|himself|herself|themselves))",
        "(no|not any|not having|never had|have not had|has not had|had no) (suicidal )?(thoughts|urges|plans|"
            + "intentions) (of|about|to)",
        "(have not|has not|had not|did not|never) (had|felt|been|wanted|thought|hurt|cut|harmed|done)\\b.{0,40}\\b"
            + "(in|for|since) (\\w+ )?(years|months|a year|a long time|ages|decades|\\d+ (years|months))",
        "(years|yrs|months|a year|a long time|decades) ago",
        // Written 2026-11-27 from the past-or-resolved look-alikes of the fourth development sets.
        "\\blong (time )?(behind me|ago|passed|gone|over)\\b", "\\b(that|it) (has|is) long (passed|over|behind me)\\b",
        "\\b(i am|im) not that (person|girl|guy|kid) any ?more\\b", "\\b(that|it) (is|was) (all )?in the past\\b",
        "\\b(\\d+|one|two|three|four|five|six|seven|eight|nine|ten|a|many) (years?|yrs|months?|weeks?|days?) (self harm |"
            + "cutting |suicide attempt |attempt )?(free|clean|sober)\\b", "\\b(self harm|cutting|attempt) free\\b",
        "\\bfree (from|of) (self harm|cutting|the urge)", "\\b(old|faded|healed|healing) (self harm |sh )?(scars|marks)\\b",
        "\\b(scars|marks)\\b.{0,40}\\b(faded|from (when|a hard time|years ago|my teens|long ago|high school))",
        "\\b(therapy|treatment|the medication|counseling|counselling|the support group|my therapist|the program|rehab) "
            + "(really )?(helped|worked|saved)", "\\b(has|have|had|she has|he has|i have) been (well|stable|fine|healthy|"
            + "okay|ok|good|doing well) (for|since)\\b", "\\b(as a|in my) (young|teen|teenager|kid|child|student|youth)\\b",
        "\\bremember (thinking|feeling|believing)\\b",
        "\\b(was|were|had|did|tried|attempted)\\b.{0,60}\\bin (19|20)\\d\\d\\b",
        "(used to|back when|back in (the day|high school|college|school|the service|the army|my (teens|twenties|thirties|"
            + "youth|day)|\\d{4})|back then|looking back|when i was (a teen|younger|young|small|in high school|in college|\\d+|"
            + "a kid|a teenager|a child|little|in middle school|in my (teens|twenties)|in (the )?(army|navy|marines|military|"
            + "service|air force|college|school)))",
        "(remember|remembering) (when|how|back when)", "(so )?glad i (stayed|am still here|did not|survived|held on)",
        "(from|since) when i was", "recovery\\b", "surviving",
        "(?<!(about|of|considering) )(died|dies|dying|death|lost (my|a|our|her|his) \\w+) (by|to|from) suicide",
        "\\w+ed\\b.{0,40}\\b(back )?in ((19|20)\\d\\d|(nineteen|twenty) \\w+|two thousand( and)? \\w+|oh \\w+)",
        "(i|we|he|she) got (help|treatment|sober|clean)",
        "(been|have been|has been|i been) (clean|sober|well|stable) (since|for)",
        "(went through|had|there was) a (\\w+ )?(patch|phase|period|spell|stretch|time) (\\w+ )?(where|when) i",
        "when i (tried|attempted) to kill myself (at|when i was) \\d+", "long before i (met|knew|married) (him|her)",
        "years later", "(got|getting) back on my feet", "under control", "it (really )?(does )?gets? better",
        "(suicide|overdose) (rates?|numbers|statistics|stats|deaths|awareness|prevention)",
        "remember (last|that) \\w+ when",
        "in (college|high school|my (teens|twenties|thirties)) i (thought|wanted|tried|felt|was|had|used)",
        "(sober|clean|stable|well) (and \\w+ )?for (over |more than )?(\\w+ )?(years|months|a long time|ages)",
        "got help (in|back|years|after)", "(been|have been|has been) (good|well|fine|okay|sober|clean|stable) ever since",
        "(was|were|used to be) suicidal (in|when|back|as a|years|during)",
        "(\\d+|one|two|three|four|five|six|seven|eight|nine|ten|many|a few) (years|months) since",
        "(support group|grief group|survivors of suicide) (got|helped|gets|helps)",
        "(?<!not )(?<!never )(doing|been doing) (really |so |pretty |very )?(well|good|great|okay|ok)\\b",
        "(recovered|recovering|in recovery|clean for|sober for|doing (much |so much |a lot )?better|feeling (much |a lot )?better|"
            + "proud of (myself|how far)|have come so far|made it through|got through (it|that)|survivor of|survived)",
        "(therapist|counselor|doctor|psychiatrist) (says|said|thinks) i am (doing|getting) better",
        // Whole words, and "walk", "class" or "course" only as an event: a bare "walk" once set aside
        // "I think about walking onto the tracks" (it matched the start of "walking").
        "(awareness|prevention|fundraiser|fundraising|webinar|volunteer|volunteering|hotline volunteer)\\b",
        "(training|class|course) (on|in|about|for)\\b", "(charity|fundraising|awareness|prevention|memorial|out of the darkness|"
            + "sponsored|5k) walk\\b",
        // Written 2026-11-27 from the look-alikes of the thirteenth and fourteenth development sets.
        "\\b(qpr|asist|mental health first aid|gatekeeper) (training|class|course|certification|workshop)\\b",
        "(have not|has not|had not|never) (had|felt|been|wanted|thought|hurt|cut|harmed|done)\\b.{0,40}\\b(in|for|since) "
            + "(over|more than|almost|nearly|well over) (a|one|two|three|four|five|six|seven|eight|nine|ten|\\d+) (years?|months?)",
        "\\b(hace|h[aá]) (\\w+ )?(a[nñ]os|meses)\\b", "\\bdati\\b",
        // Written 2026-11-28 from the past-or-resolved look-alikes of the fifteenth and sixteenth development sets.
        "\\b(my|his|her|their) (overdose|attempt|suicide attempt) (back )?in (19|20)\\d\\d\\b",
        "\\bthere was a (\\w+ )?(time|period|year|stretch) (when |where )?i\\b",
        "\\b(been|am|is|have been|has been) free (of|from) (them|it|those thoughts|the thoughts|that|the urges?) (for|since)\\b",
        "\\bas a (resident|med student|medical student|intern|cadet|recruit|rookie)\\b",
        // Written 2026-11-28 from the past-or-resolved and safety-planning look-alikes of crisis-10a and 10b.
        "\\bmy past (suicide attempt|attempt|attempts|overdose|self harm)\\b",
        // Only a stage of life long past: "after my attempt at the weekend" is recent, and "he is in
        // treatment now" was left out, because it would set aside "he overdosed yesterday, he is in treatment now".
        "\\b(after|since) my (overdose|attempt|suicide attempt) (in|back in|during) (college|high school|school|university|"
            + "(19|20)\\d\\d|my (teens|twenties))\\b",
        // Written 2026-12-07 from the past-or-resolved look-alikes of crisis-12a and 12b.
        "\\b(\\d+|a|one|two|three|four|five|six|seven|eight|nine|ten|many) (days?|weeks?|months?|years?) without (self harm|"
            + "cutting|hurting myself|an attempt)\\b",
        "\\b(was|were) suicidal for (most of )?my (teens|twenties|childhood|youth|school years)\\b",
        "\\b(a|one|two|three|\\d+|a few|many) (years?|months?) since (i|my) (last )?(had|felt|hurt|cut|tried|attempted|thought|"
            + "was)\\b",
        "\\b(memoir|my story|my book|my talk|my testimony)\\b.{0,60}\\b(about|of) (the (\\w+ )?(year|winter|summer|spring|"
            + "autumn|fall|time|months?)|when) i\\b",
        "\\bcame out (the|on the) other side\\b",
    ]

    /// A sentence that only places what came before it in the past: "That was 20 years ago.", "That's long
    /// behind me, therapy really worked.", "I'm in a good place now."
    static let afterward = "^(that|it|all that|all of that|this) (is|was|has been|happened|feels|seems) (so |all )?(long (behind "
        + "me|ago|over|passed)|behind me|in the past|over now|(\\w+ )?(years|yrs|months|decades) ago|a long time ago)\\b|"
        + "^(i am|im) "
        + "(in a (good|better|much better) place|doing (well|great|much better|so much better|fine)|not that person)\\b"
        // Written 2026-11-27 from the past-or-resolved look-alikes of crisis-5a/5b and the sets before them.
        + "|^(she|he|they|i) (is|are|am|has|have) (now )?(fully |completely )?(recovered|doing (well|great|brilliantly|"
        + "fine|"
        + "better|amazing))\\b|\\b(sober|clean|stable|well|good|fine) (and (\\w+ ){1,3})?(for|ever since|since then)\\b|"
        + "^(\\w+ ){0,2}(years|months) (well|clean|sober|free|stable|on|later)\\b|^(therapy|treatment|counsel\\w*|the (new )?"
        + "medication|rehab|the program|my therapist) (really )?(helped|"
        + "worked|saved)\\b|^((i|he|she|we) )?got (help|treatment)\\b|"
        + "^(it has|its|it is) been (\\w+ )?(years|months) since\\b|^(i am |im "
        + ")?(so )?"
        + "glad i (did not|stayed|held on|am still here)\\b|^now (i|he|she) (volunteer|volunteers|coach|coaches|mentor|run|"
        + "runs|am a (peer|"
        + "volunteer|mentor|counselor))\\b|^(i am|im) (now )?\\d+ (now|and (engaged|married|happy|doing))\\b"
        // Written 2026-11-27 from the past-or-resolved look-alikes of crisis-7a and 7b.
        + "|\\b(look back now|how far i have come)\\b|^got (out|sober|clean)\\b.{0,30}\\bgot (a job|my own place)\\b|"
        + "^(the |my )?(\\w+ ){0,2}(group|counsell?or|therapist|doctor|team|program) (really )?(helped|has helped|saved (me|my "
        + "life))\\b"
        // Written 2026-11-28 from the past-or-resolved look-alikes of crisis-9a and 9b.
        + "|^(that|it) (was|happened) (in )?(19|20)\\d\\d\\b|^(i am|im) (now )?(\\d+|twenty|thirty|forty|fifty|sixty|seventy|eighty)"
        + "( \\w+)? now\\b|\\bbeen (well|stable|fine|sober|clean|good) (ever )?since\\b|"
        + "^(i am|im) now (a|an) (peer|volunteer|mentor|counsell?or|pastor|nurse|coach|therapist|chaplain|advocate)\\b|"
        + "^(i am|im) (much |a lot |so much )?better(?! off)( now)?\\b"
        // Written 2026-11-28 from the past-or-resolved look-alikes of crisis-10a and 10b ("… This year I'm graduating.").
        + "|^this year (i am|im|i will be|we are) (\\w+ing|getting|graduating|married|engaged)\\b"
        // Written 2026-12-07 from the past-or-resolved look-alikes of crisis-12a and 12b ("He's 20 now and just got into uni.").
        + "|^(he is|she is|they are) (now )?(\\d+|twenty|thirty|forty|fifty|sixty|seventy|eighty)( \\w+)? now\\b"
        + "|^now (i am|im|he is|she is) (happy|well|better|safe|fine|doing well|married|\\d+)\\b"

    /// Words that keep a sentence's risk current even beside a denial or a past event ("it has been
    /// two years since dad died and I still want to die").
    /// "Glad I'm still here", "used to want to" and "not that person anymore" are survival, not present risk.
    static let presentRisk = "\\b(still(?! (here|alive|around|standing|kicking|breathing))|"
        + "(?<!smiling )(?<!laughing )(?<!happy )(?<!myself )(?<!walking )(?<!hiking )(?<!running )(?<!working )(?<!dating )"
        + "(?<!pregnant )again|"
        + "(?<!used to )want to(?! (hug|thank|tell|say|share|help|give|write|know|ask|be ready|make sure|run|walk|watch|"
        + "read|donate|join|attend|show it off|show off|celebrate|"
        + "sign up))|"
        + "(?<!used to )wanna|going to|tonight|right now|(?<!person )anymore|any more|keep|keeps|relaps\\w*|blew it|ruined "
        + "it|"
        + "slipped|broke my streak|but now|and now this|threw (it|it all|that|them) away|"
        + "(they|the thoughts|thoughts|the urges|urges) (are|have come|came) back|"
        + "thinking about|all i (can )?think about|i wish|would not fight it|this time|lately|(?<!great )(?<!well )(?<!good )(?<!better )(?<!fine )these days)\\b"

    /// Words that place a sentence in a story (a film, a book, a game) rather than the writer's life.
    /// Words that are only ever about a story stand alone; everyday words ("show", "game", "ending",
    /// "play", "episode") count only with an article or a qualifier, so "thinking about ending it" stays a
    /// risk and a clinical note's "first episode in 2 yrs" is not a story.
    static let media = "\\b(movie|movies|film|films|series|novel|novels|chapter|lyrics|album|podcast|"
        + "documentary|character|characters|villain|protagonist|actor|actress|musical|anime|manga|comic|comics|netflix|"
        + "hbo|true crime|trailer|sequel|plot|scene|finale|author|poem|opera|meme|memes|theme song|soundtrack|"
        + "episode (where|when|in which|about)|deals with (a |the )?(suicide|self harm|overdose)|news (about|on)|"
        + "(song|songs) (\\w+ ){0,4}(is |are )?about|(piece|segment|report|article|news story|documentary) (on|about)|"
        + "theme from|song called|"
        + "the one called|book about|"
        + "(the|a|this|that|tv|video|board|new|last|final|latest|season|next|pilot) (show|shows|season|book|books|song|songs|band|"
        + "game|games|hero|play|ending|painting|story|episode|episodes))\\b"

    static let rules: [Rule] = [
        // Active ideation.
        .init(id: "kill-self", category: .activeIdeation, score: 1,
              pattern: "\\b(kill|killing|killed|end|ending|off|offing|murder|murdering|hurt|hurting) \(selfOnly)\\b"),
        .init(id: "suicide", category: .activeIdeation, score: 1, pattern: "\\bsuicid(e|al|ality)\\b"),
        .init(id: "end-my-life", category: .activeIdeation, score: 1,
              pattern: "\\b(end|ending|ended|take|taking|took) (my|my own) life\\b"),
        .init(id: "end-it-all", category: .activeIdeation, score: 1,
              pattern: "\\b(end|ending|finish|finishing) (it|this|everything|things) (all|for good|once and for all|"
                  + "forever|permanently|tonight|today|now)\\b|\\bend it all\\b|\\bending it all\\b"),
        .init(id: "want-end-it", category: .activeIdeation, score: 1,
              pattern: "\\b(want|wanted|wanting|going|ready|plan|planning|thinking about|think about|thought about|"
                  + "time|need|needs|have|got) to (just )?(end|finish) (it|everything|things|this|my life|me)\\b"),
        .init(id: "want-to-die", category: .activeIdeation, score: 1,
              pattern: "\\b(want|wanted|wanting|wish|going|ready|deserve|plan|planning|trying|tried|need|would like|"
                  + "rather) (to )?(just )?(die|be dead|not live|stop living)\\b"),
        .init(id: "thoughts-of-dying", category: .activeIdeation, score: 0.9,
              pattern: "\\b(thinking|thought|thoughts|think|fantasi\\w+|dream\\w*) (about|of) (killing|ending(?! (the|our|a|this|that) "
                  + "(?!pain|suffering))|dying|"
                  + "death|being dead|suicide|not being here|not waking up|taking my|hurting myself|offing)"),
        .init(id: "better-dead", category: .activeIdeation, score: 1,
              pattern: "\\bbetter off dead\\b|\\b(rather|prefer to) be dead\\b"),

        // Passive ideation.
        .init(id: "wish-dead", category: .passiveIdeation, score: 1,
              pattern: "\\bwish (that )?(i|i had|i could) (was|were|would|could|had|just)? ?(be )?(dead|die|never been born|"
                  + "not (be )?(here|alive|born|exist)|gone|disappear|go to sleep|fall asleep|stop existing|"
                  + "not wake up|never wake up|vanish)"),
        .init(id: "not-want-live", category: .passiveIdeation, score: 1,
              pattern: "\\b(do not|did not|never|no longer) (really )?(want|wanna|wish|care) to (live|be alive|be here|"
                  + "exist|wake up|go on|keep going|keep living|be around|see tomorrow|see another day|carry on)"),
        .init(id: "not-wake-up", category: .passiveIdeation, score: 1,
              pattern: "\\b(hope|hoping|wish|pray|praying)\\w* (that )?i (just )?(do not|never|will not|would not|did not) wake "
                  + "up\\b|\\b(would be nice|be nice|nice|better|easier) to (just )?(not|never) wake up\\b|"
                  + "\\b(sleep|fall asleep|go to sleep|close my eyes|bed) and (never|not) (wake|waking|open)"),
        .init(id: "better-without-me", category: .passiveIdeation, score: 1,
              pattern: "\\bbetter (off )?without me\\b|\\bbetter off if i (was|were|am|was not|were not|died|disappeared|"
                  + "was gone|were gone|never)|\\b(burden|weight) (to|on) (everyone|everybody|my family|them|you all|"
                  + "my wife|my kids|the family)"),
        .init(id: "nobody-notice", category: .passiveIdeation, score: 1,
              pattern: "\\b(nobody|no one|none of them|not a soul|anyone) (would|will|even|ever|could|would even|"
                  + "would actually)? ?(notice|care|miss me|remember me|know)\\b.{0,30}\\bif i (was|were|am|died|"
                  + "disappeared|vanished|was not|were not|stopped|just|left|did it|killed|ended|was dead|was gone|were gone)"),
        .init(id: "no-reason-live", category: .passiveIdeation, score: 1,
              pattern: "\\b(no|not any|any|lost (my|the|all)|see no|there is no|what is the) (point|reason|purpose|will) "
                  + "(in |to |for )?(living|going on|being alive|live|being here|keep going|keeping going|existing|"
                  + "life|me being here|waking up|trying anymore|to live)\\b"),
        .init(id: "tired-living", category: .passiveIdeation, score: 1,
              pattern: "\\b(tired|sick|done|exhausted|finished) (of|with) (living|being alive|existing|life|being here|"
                  + "this life|it all)\\b|\\b(tired|sick|done) (of|with) everything$"),
        .init(id: "can-not-go-on", category: .passiveIdeation, score: 0.9,
              pattern: "\\bcan not (go on|keep going|carry on|live like this|keep living|do (this|it|life) anymore|"
                  + "take (it|this|life) anymore|bear (it|this|to live)|face (another|tomorrow|one more))"),
        .init(id: "stop-existing", category: .passiveIdeation, score: 1,
              pattern: "\\b(stop|to stop|quit) (existing|being alive|being here|breathing|living)\\b|\\b(disappear|vanish|"
                  + "be gone|go away|fade away) (forever|for good|permanently|and never come back)\\b|\\bnot (be|being) "
                  + "(here|around|alive) (anymore|any more|much longer|tomorrow|next year)\\b|\\bwant (it|it all|"
                  + "everything|the pain|this|life) to (stop|end|be over) (forever|for good|permanently)\\b|\\bno longer "
                  + "(exist|be here|be around)|\\bwish (it|everything|life) (would|could) (all )?(just )?(end|stop|be over)"),
        .init(id: "should-have-died", category: .passiveIdeation, score: 1,
              pattern: "\\b(should|ought to|was supposed to) (have|of) died\\b|\\bshould be dead\\b|\\bshould not be "
                  + "(alive|here)\\b|\\bdo not deserve to (live|be alive|be here)"),
        .init(id: "dead-inside-gone", category: .passiveIdeation, score: 0.9,
              pattern: "\\b(everyone|everybody|they|my family|my kids|you) (would|will|could) (be )?(fine|better|happier|"
                  + "move on|get over it) (without me|when i am gone|if i was gone|after i am gone|once i am gone)"),

        // Method or means.
        .init(id: "lethal-amount", category: .methodOrMeans, score: 1,
              pattern: "\\bhow (many|much) (\\w+ ){0,4}(would|will|does it|do i|to|it takes|would it take|does it take|"
                  + "needed|to take|is) (\\w+ ){0,3}(kill|die|be (lethal|fatal|deadly)|end it|overdose|stop (my|a|your) "
                  + "heart|not wake up|never wake up|be enough)"),
        .init(id: "lethal-dose", category: .methodOrMeans, score: 1,
              pattern: "\\b(lethal|fatal|deadly|killing) (dose|amount|overdose|quantity|combination|mix)\\b"),
        .init(id: "hang", category: .methodOrMeans, score: 1,
              pattern: "\\bhang(ing|ed)? \(reflexive)\\b|\\bnoose\\b|\\b(rope|belt|cord|sheet) (around|round) (my|his|her) "
                  + "neck\\b|\\b(tie|tied|tying) (a|the) (rope|knot)\\b.{0,30}\\b(beam|ceiling|rafter|closet|tree|neck)"),
        .init(id: "gun-to-self", category: .methodOrMeans, score: 1,
              pattern: "\\b(gun|pistol|rifle|shotgun|revolver|glock|handgun|firearm|weapon|barrel|bullet|round|\\.45|9mm|"
                  + "sidearm|piece|ar)\\b.{0,50}\\b(my (head|mouth|temple|chin)|on myself|to myself|at myself|for myself|"
                  + "myself with|end (it|this|things|my life)|use it on (me|myself))|\\b(shoot|shooting|shot) \(reflexive)\\b|"
                  + "\\b(eat|eating|ate|suck|sucking) (my|a|the) (gun|bullet|barrel|pistol|rifle|shotgun)\\b|"
                  + "\\bput (a|the|my) (gun|pistol|barrel|bullet) (to|in|against) my"),
        .init(id: "jump", category: .methodOrMeans, score: 1,
              pattern: "\\b(jump|jumping|jumped|leap|leaping|throw myself|throwing myself|step|stepping|walk|walking) "
                  + "(off|from|in front of|into|out in front of|out of) (a |the |that |this |my |our |some )?(\\w+ )?"
                  + "(bridge|roof|rooftop|building|train|trains|overpass|cliff|balcony|parking garage|garage roof|truck|"
                  + "bus|traffic|tracks|window|ledge|highway|freeway|tower|car|subway|river|dam|ship|ferry|edge)"),
        .init(id: "crash-car", category: .methodOrMeans, score: 1,
              pattern: "\\b(drive|driving|drove|crash|crashing|steer|steering|swerve|swerving|aim|aiming|wrap) (my car |"
                  + "the car |my truck |the truck |it |myself )?(into|off|in front of|under|around) (a |the |an |that )?"
                  + "(tree|wall|bridge|cliff|overpass|pole|oncoming|river|lake|semi|truck|train|pillar|barrier|ditch)"),
        .init(id: "wrists", category: .methodOrMeans, score: 1,
              pattern: "\\b(slit|slitting|slice|slicing|cut|cutting|open|opening) (my |his |her )?(wrists?|veins?|throat)\\b|"
                  + "\\b(razor|blade|knife)\\b.{0,30}\\b(wrists?|veins?|throat)\\b"),
        .init(id: "gas", category: .methodOrMeans, score: 1,
              pattern: "\\b(car|engine|truck) (running|on|idling) in (the|a) (closed |shut )?garage\\b|\\bcarbon monoxide\\b"
                  + ".{0,40}\\b(myself|end|die|sleep|garage)|\\bexhaust\\b.{0,30}\\b(hose|pipe|window)|\\bcharcoal\\b.{0,40}"
                  + "\\b(room|bathroom|tent|car|sealed|myself|die)"),
        .init(id: "enough-pills", category: .methodOrMeans, score: 1,
              pattern: "\\b(enough|all (of )?(these|those|my|the)|every one of (these|those|my)) \(pills) (to|that|for|in|"
                  + "here|saved|stashed|hidden|left|would|could)\\b|\\benough (\\w+ )?\(pills) (to|that would|to make sure)"),
        .init(id: "poison-self", category: .methodOrMeans, score: 1,
              pattern: "\\b(drink|drinking|drank|swallow|swallowing|swallowed|take|taking|took|eat|eating|ate|inject|"
                  + "injecting|injected) (the |some |a bottle of |a cup of |a glass of |the whole )?(bleach|antifreeze|"
                  + "anti freeze|poison|rat poison|drain cleaner|pesticide|weed killer|cyanide|lye|arsenic|insecticide)\\b"),
        .init(id: "method-search", category: .methodOrMeans, score: 1,
              pattern: "\\b(painless|quick|quickest|easiest|easy|best|fastest|surest|sure|most effective|least painful) "
                  + "(way|ways|method|methods|place|spot|dose|drug) (to|of|for) (die|dying|go|end it|kill myself|suicide|"
                  + "not wake|end (my|your) life)"),

        // Intent.
        .init(id: "going-to-do-it", category: .intent, score: 1,
              pattern: "\\b(going|gonna|about|ready|decided|deciding|finally|really|actually|definitely|planning|plan) "
                  + "(to )?(do it|go through with it|end it|end everything|end things|finish it|act on it|pull the trigger|"
                  + "take (the|all the|my) (pills|meds)|swallow (them|the pills|it all))\\b.{0,40}\\b(tonight|today|"
                  + "tomorrow|this time|for real|not changing|no one can|nobody can|this weekend|soon|now|finally|"
                  + "after|before|when|once)|\\b(i am|i will|i have decided|i decided|i will finally) (do it|go through "
                  + "with it|end it)\\b.{0,30}\\b(tonight|today|tomorrow|this time|for real|soon|now|finally|not changing)"),
        .init(id: "mind-made-up", category: .intent, score: 1,
              pattern: "\\b(mind is made up|made up my mind|made my decision|decision is made|not changing my mind|"
                  + "will not change my mind|no one can stop me|nobody can stop me|nothing can stop me|nobody will stop me|"
                  + "no one will stop me|do not try to stop me|do not try and stop me|it is decided|this is it for me|"
                  + "my time is up|i am done for good|i am checking out for good)\\b"),
        .init(id: "goodbye", category: .intent, score: 1,
              pattern: "\\b(this is|consider this|here is) (my |a |the )?(final |last )?(goodbye|farewell)\\b|\\b(writing|sending|"
                  + "leaving|say|saying|said) (my |a |the )?(final|last) (goodbye|farewell)\\b|\\bgoodbye (everyone|forever|world|all|for good|for real)\\b|\\b(my|a|this is my|"
                  + "this is the) (last|final) (message|text|note|words|post|goodbye|night|day|letter|call)\\b|\\bwill not "
                  + "(be here|be around|be alive|wake up|see|make it to|live to see) (tomorrow|much longer|next week|"
                  + "the morning|morning|christmas|the weekend|next year|my birthday|another day)\\b|\\bi will (be|have) "
                  + "(gone|dead|left) (by|before|soon|tomorrow|tonight)|\\bby (tomorrow|morning|tonight|friday) i will be "
                  + "(gone|dead)"),

        // Preparatory behaviour.
        .init(id: "note", category: .preparatoryBehaviour, score: 1,
              pattern: "\\b(suicide|goodbye|farewell|final|last) (note|notes|letter|letters|message|messages|video)\\b|"
                  + "\\b(wrote|written|writing|write|left|leaving|leave|drafted|finished|typed) (a |my |the |some )?"
                  + "(notes?|letters?) (to|for) (everyone|everybody|all of them|my (kids|family|wife|husband|mom|dad|"
                  + "parents|children|son|daughter|loved ones)|the kids|the family)\\b.{0,40}"
                  + "(explain|why|when i am gone|after|goodbye|sorry|so they|in case|to read|forgive)"),
        .init(id: "giving-away", category: .preparatoryBehaviour, score: 1,
              pattern: "\\b(giv(e|ing|en)|gave) away (all |most )?(my|all my|all of my) (stuff|things|belongings|"
                  + "possessions|guitar|guitars|dog|dogs|cat|cats|pets?|clothes|tools|guns|games|medals|collection|"
                  + "jewelry|jewellery|prized)|\\bwho (should|will|can) (get|have|take) my (stuff|things|dog|cat|guitar|"
                  + "guns|medals|truck|car)\\b.{0,30}\\b(gone|when|after|once)"),
        .init(id: "goodbyes", category: .preparatoryBehaviour, score: 1,
              pattern: "\\b(saying|said|say|said my|say my|made my|making my) (my )?(goodbyes|last goodbyes|final "
                  + "goodbyes)\\b|\\b(said|saying|say) goodbye to (everyone|everybody|all of them|my (kids|family|friends|"
                  + "wife|husband|mom|dad|dog|cat|children|buddies))"),
        .init(id: "affairs", category: .preparatoryBehaviour, score: 1,
              pattern: "\\b(put|putting|got|getting|get|have|had) (all )?my (affairs|things|papers|finances|stuff) "
                  + "in order\\b.{0,60}\\b(gone|end|tonight|before|so|when|after|soon)|\\b(will|wo) not need "
                  + "(it|them|this|that|these|my \\w+|any of (it|this|my \\w+)) (anymore|any more|after tonight|where i "
                  + "am going|much longer|after (this|tonight|friday))"),
        .init(id: "gone-care", category: .preparatoryBehaviour, score: 1,
              pattern: "\\b(take care of|look after|feed|keep|adopt|watch|raise) (my |the |our )?(dog|dogs|cat|cats|kids|"
                  + "pets?|children|son|daughter|family|wife|plants) (when|after|once) i am (gone|dead|not here|no longer)"
                  + "(?! (for|on|to|next|this|at))|\\b(after|when|once) i am (dead|no longer here|no longer around)\\b"),
        .init(id: "stockpile", category: .preparatoryBehaviour, score: 1,
              pattern: "\\b(stockpil|hoard|sav|collect|stash|hid|hiding|keep|kept|been keep)\\w* (up )?(my |all my |all "
                  + "the |all of my |enough |a bunch of |some |extra )?(\(pills))\\b(?! (cool|cold|in the (fridge|refrigerator|"
                  + "cooler)|refrigerated|at room temperature|out of (the )?(heat|sun)))"),
        .init(id: "bought-means", category: .preparatoryBehaviour, score: 1,
              pattern: "\\b(bought|buying|buy|got|getting|picked up|ordered|order|purchased|found) (a |some |the |myself "
                  + "a )?(rope|noose|gun|pistol|handgun|shotgun|revolver|razor blades|blades|bullets|ammo|charcoal|"
                  + "helium|tank)\\b.{0,50}\\b(myself|for me|to end|for when|so i can|tonight|to do it|for it|no one "
                  + "knows|nobody knows|for the end|just in case|only one bullet|one round)"),

        // Self-harm.
        .init(id: "self-harm", category: .selfHarm, score: 1,
              pattern: "\\bself (harm|harming|harmed|injury|injuring|mutilat\\w*)\\b|\\b(cut|cutting|cuts|burn|burning|"
                  + "burned|burnt|carve|carving|carved|scratch|scratching|scratched|bite|biting|stab|stabbing|starve|"
                  + "starving|punish|punishing|harm|harming|hit|hitting|beat|beating|bruise|bruising) (myself|my self|"
                  + "my (arms?|wrists?|legs?|thighs?|skin|stomach|hips?|body|face))\\b"),
        .init(id: "urge-to-hurt", category: .selfHarm, score: 1,
              pattern: "\\b(urge|urges|itch|craving|need|needing|want|wanting|wanted|tempted|temptation) (again )?(to )?"
                  + "((cut|hurt|harm|burn|punish) (myself|my self)|cut(?=$| (again|tonight|so bad|badly|today|so much|is|was|"
                  + "keeps|right now|really)\\b)|bleed|carve)\\b"
                  + "|\\brelaps(ed|e|ing)\\b.{0,30}\\b(cutting|self harm|hurting|harming|burning|blades?|razors?)|"
                  + "\\b(cutting|self harm|hurting myself|harming myself)\\b.{0,30}\\brelaps"),
        .init(id: "deliberate-injury", category: .selfHarm, score: 1,
              pattern: "\\b(on purpose|deliberately|intentionally|to feel something|to feel anything|to feel real|to "
                  + "punish myself|because i deserve)\\b.{0,40}\\b(bleed|bleeding|cut|burn|burned|punch|punched|hit|"
                  + "bruise|hurt|scratch|scars?)|\\b(bleed|bleeding|cut|burn|burned|punch|punched|punching|hit|hitting|"
                  + "bruise|bruised|scratch|scratched)\\b.{0,40}\\b(on purpose|deliberately|intentionally|to feel "
                  + "something|to feel anything|until (i|it) bled?|till (i|it) bled?|till (they|my \\w+) bled?|until "
                  + "(they|my \\w+) bled?)|\\b(blades?|razors?|lighter)\\b.{0,30}\\b(on my|my (arms?|wrists?|thighs?|"
                  + "skin|legs?))"),

        // Wider phrasings found on the development set (evaluation/development), by category.
        .init(id: "what-point", category: .passiveIdeation, score: 1,
              pattern: "\\bwhat is (even )?the point (anymore|any more|of (living|life|it all|anything|trying|me|being here|going "
                  + "on|waking up|any of it)|in (living|trying|anything|going on))|^what is (even )?the point$|\\bwhy (do|am) i "
                  + "(keep|still|even) (waking up|wake up|here|alive|exist|breathing|bother)|\\bwhy am i (still |even )?(here|"
                  + "alive)\\b|\\b(do not know|no idea|idk) why i am (still )?(here|alive|around)"),
        .init(id: "never-born", category: .passiveIdeation, score: 1,
              pattern: "\\bwish (i had|i would have|id|i would|i) never (been born|existed|woken up|come back)"),
        .init(id: "if-i-died", category: .passiveIdeation, score: 1,
              pattern: "\\bif i (died|was gone|were gone|disappeared|was dead|vanished|did not wake up|was not here|were not "
                  + "here|was not around|were not around|got sick and died)\\b.{0,60}\\b(notice|care|miss|matter|better|happier|"
                  + "relief|fine|fight it)|\\b(easier|better|simpler|a relief|nicer|fine|happier) (for (everyone|them|everybody|"
                  + "my family|the kids) )?(if|when) i (just )?(was not|were not|was gone|were gone|died|disappeared|did not wake "
                  + "up|was not around|were not around|was not here|were not here)|\\b(nobody|no one) (would|will) (even |really )?"
                  + "miss me\\b|\\b(they would|they will|theyd|everyone would|everyone will|they all would|they will all|they "
                  + "would all) be (better off|happier|fine)( soon| without me| if)?"),
        .init(id: "take-me", category: .passiveIdeation, score: 1,
              pattern: "\\b(ready|want|wish|pray|praying|asking|begging) (for )?(god|the lord|him|jesus) to (take me|let me "
                  + "die|call me home)|\\b(lord|god) (please )?take me\\b"),
        .init(id: "no-tomorrow", category: .passiveIdeation, score: 1,
              pattern: "\\b(do not|did not|not sure i|not sure if i|do not think i) (want|care if|know if i want) (there to be )?"
                  + "(a |another )?tomorrow|\\b(do not|can not|no longer) see (a|any) (future|way out|point)\\b|\\b(life|living|it "
                  + "all|this life|it) (is not|is no longer|am not) worth (it|living)( anymore)?\\b|\\bnot worth (living|being "
                  + "alive|saving)\\b|\\bwant (it all|everything|it|life|all of it|the pain|this) to (stop|end|be over)\\b|"
                  + "\\bwant it over\\b"),
        .init(id: "relief-death", category: .passiveIdeation, score: 1,
              pattern: "\\bdeath (would|will) (honestly |really )?be (a )?(relief|mercy|blessing|gift|welcome|better)|\\b(dying|"
                  + "death|being dead) (sounds|seems|feels) (good|nice|peaceful|like a relief|better|easier)|\\bwish (i|id|i "
                  + "would|i could) (just )?(fall|get hit|crash|drown|not wake)|\\b(would not|will not) mind (if (a|the) (bus|"
                  + "car|truck|train) (hit|hits|ran over) me|dying|not waking up|being dead)|\\bhope (a|the) (bus|car|truck) "
                  + "hits me|\\b(think|thinking|thought) about (not existing|not being alive|disappearing for good|being gone|"
                  + "dying|my death)|\\bwant to not (be alive|be here|exist|live|wake up)|\\b(am|just) a burden\\b|\\bsuch a "
                  + "burden\\b|\\bdo not deserve to (go on|keep going|live|be here)"),
        .init(id: "kill-yourself-self", category: .activeIdeation, score: 1,
              pattern: "\\b(tell|telling|told) myself to kill (myself|yourself)\\b|^kill yourself$|\\b(reason|way out|exit|"
                  + "the fast way|way to die)\\b.{0,20}\\b(for me|is to die|out of this)|\\bplanning my exit\\b|\\b(a|my) "
                  + "reason to die\\b|\\bchoosing the (fast|quick|easy) way\\b"),
        .init(id: "lethal-question", category: .methodOrMeans, score: 1,
              pattern: "\\b(dose|amount|mg|milligrams|pills?|tablets?|how (much|many|high|deep|long|far)|fall)\\b.{0,50}\\b("
                  + "fatal|lethal|deadliest|kill (me|you|a person|someone|a grown \\w+)|to not wake up|so i do not wake up|"
                  + "(stop|stops) (my|your|his|her|a persons) (breathing|heart))|\\bhow many (\\w+ ){0,6}(would|will|does it|to|"
                  + "it takes|would it take|does it take|to take|is) (\\w+ ){0,5}(kill|die|be (lethal|fatal|deadly)|end it|stop "
                  + "(my|a|your) heart|not wake up|never wake up|be enough)|\\bbleed out\\b|\\b(kill|killed) (a person|someone|a human|a grown (man|woman|adult)) if\\b|\\b(does|would|will|how long "
                  + "does|how long would) (drowning|hanging|bleeding out|suffocating|an overdose|overdosing) (hurt|take|feel|"
                  + "to lose consciousness)|\\blose consciousness from (hanging|drowning|bleeding|the fall|carbon monoxide)|"
                  + "\\brope\\b.{0,40}\\b(hold|support)\\b.{0,25}\\b(weight|man|person|me)\\b|\\b(strong enough|enough "
                  + "(\\w+ ){0,3}) to (do it|end it|kill|die|not wake up|make sure)|\\b(highest|tallest) (bridge|building|roof|"
                  + "parking garage|overpass|cliff)\\b.{0,40}\\b(roof access|for me|jump|fall)"),
        .init(id: "for-me", category: .methodOrMeans, score: 1,
              pattern: "\\b(gun|pistol|handgun|rifle|shotgun|revolver|rope|bridge|building|roof|train|trains|crossing|"
                  + "pills|dose|fall|highest|tallest|safe code)\\b.{0,80}\\b(asking for (me|myself)|it is for me|its for me|"
                  + "for myself|not for hunting|i just want it to be (quick|painless|over))|\\b(gun|pistol|handgun|rifle|"
                  + "sidearm|weapon)\\b.{0,60}\\b(nightstand|bedside|under my pillow|picking it up|staring at it|every night|in "
                  + "my lap|loaded(?!.{0,40}\\b(gun safe|safe|locked|season|range|hunting|hunt))|loading(?!.{0,40}\\b(gun safe|safe|"
                  + "locked|season|range|hunting|hunt)))|\\b(loading|loaded) (the|my) (rifle|gun|pistol|shotgun)\\b(?!.{0,40}"
                  + "\\b(gun safe|safe|locked|season|range|hunting|hunt))|\\b(sidearm|service "
                  + "weapon|service pistol|service rifle)\\b.{0,40}\\b(done|myself|on me|tonight|using it|use it)"),
        .init(id: "intent-wide", category: .intent, score: 1,
              pattern: "\\btonight is the night\\b|\\bnot (going to )?make it (through|to) (the night|tomorrow|morning|the "
                  + "weekend)|\\b(about|going|ready|planning|time) to end (it|things|everything|this)\\b(?! with)|\\bgo(ing)? "
                  + "through with it\\b|\\b(i am|im) (finally|really|actually|definitely) (going to )?do(ing)? it\\b|\\bdone "
                  + "fighting\\b(?! with)|\\b(will not|never) hear from me again\\b|\\b(i am) ending (things|it|everything)"
                  + "\\b(?! with)|\\b(i am|im) going to (jump|hang myself|overdose|drown myself)$|^(i am )?not coming (home|back)"
                  + "( ever| again| for good)?$|\\bnot coming (home|back) (ever|again|for good)\\b|\\b(i am|i will|i) (not )?"
                  + "(be|going to be) (gone|dead) by\\b|\\bthen (it is|it will be|everything is|it all is|it all) over\\b|\\bfree "
                  + "of (all )?(this|it all)\\b|\\b(i am|im) done\\.?$|\\bwill not be (anywhere|alive|around|here) by then\\b|"
                  + "\\bgoing to see them soon\\b|\\bnot sure (i will|ill) (still )?be (here|around|alive) for\\b|\\b(i am )?not going to be "
                  + "(here|around|alive) (tomorrow|tonight|much longer|by)\\b(?!.*\\b(work|trip|office|conference|travel|flight|"
                  + "meeting|vacation|out of town|visiting|hospital|camp))|\\b(i am) not coming (home|back)$|\\bthen end it\\b|"
                  + "\\bend it (next|this|on|tonight|tomorrow)\\b|\\b(use|using) (it|them) on myself\\b"),
        .init(id: "pills-timing", category: .planOrTiming, score: 1,
              pattern: "\\b(taking|take|swallow|swallowing) (them all|all of them|all (the |my |of the |of my )?(pills|meds|"
                  + "them)|the (pills|meds)|my (pills|meds))\\b.{0,40}\\b\(timing)\\b(?!.{0,30}\\bevery (day|morning|night|evening)\\b)"),
        .init(id: "not-here-after", category: .planOrTiming, score: 1,
              pattern: "\\b(will not|wont|not going to) be (here|around|alive) (after|past|by|beyond|much longer|for the next)"
                  + "\\b(?!.*\\b(work|trip|office|conference|travel|flight|meeting|vacation|out of town|visiting|back on|until "
                  + "i|hospital|camp|weekend away))|\\b(will not|wont) be (here|around)$|\\b(will not|wont) be around to\\b"),
        .init(id: "plan-wide", category: .planOrTiming, score: 1,
              pattern: "\\b(picked|chosen|set|decided on|planned|planning) (a |the |my )?(date|day|time|night|place|spot|method|"
                  + "way)\\b(?!.*\\b(party|wedding|dinner|trip|vacation|meeting|birthday party|playdate|date night))|\\b(when and "
                  + "(the )?how|where and when|the how and the when|the when and the how)\\b|\\b(planned|figured) out\\b.{0,40}"
                  + "\\b(right (night|day|time|moment)|when|how)\\b|\\bthe plan is to do it\\b|\\b(i have|i) planned it for\\b|"
                  + "\\bthat is (my window|the day i|when i (do|will do|end|go))\\b|\\b(ill|i will|i am going to|i am|i) (do|doing) it "
                  + "(tonight|today|tomorrow|sunday|monday|tuesday|wednesday|thursday|friday|saturday|on|at|after|when|once|"
                  + "this)\\b|\\b(going "
                  + "to|i will|gonna) do it (after|when|once|before|on|at|this|next)\\b|\\b(after|once|when) [^.]{0,40} i am going "
                  + "to do it\\b|: do it$|\\bthat is (the day|when)( i am doing it)?\\.?$|\\b(garage|truck|car) with the (car|"
                  + "engine|truck) (running|on)\\b|\\b(sit|sitting|lie|lying) in the (closed |shut )?garage\\b|\\b(nobody|no "
                  + "one) will find me\\b|\\bwill not need (a |my )?(checkout|return ticket|ride back|way back|round trip|"
                  + "breakfast|\\w+ stuff after|anything after)|\\bi am done\\b.{0,30}\\b(once|after|when)\\b|\\b(once|after|"
                  + "when)\\b.{0,60}\\bi am (done|going|gone)$|\\b(last day|final day)\\b.{0,40}\\b(then|over|goodbye|my "
                  + "calendar)\\b|\\bwait (till|until) (the house is empty|everyone is gone|they are gone|after christmas so i)"),
        .init(id: "prepare-wide", category: .preparatoryBehaviour, score: 1,
              pattern: "\\b(written|wrote|writing|print|printed|printing) (the |my )?(letters?|notes?) (to|for) (everyone|everybody|"
                  + "all of them|each of them|my (kids|family|wife|husband|children|parents|loved ones))\\b|\\bthe letters are in"
                  + "\\b|\\bgiv(ing|e|en) (all )?my (stuff|things|belongings|possessions) away\\b|\\bcan have my (guitar|"
                  + "watch|truck|car|guns|medals|stuff|things|tools|ring|collection)\\b|\\b(so|where) (she|he|they|maria|daniel|"
                  + "leo|everyone) (sees|finds|will see|will find|can find) (it|them|everything) (first|afterwards|after)\\b|"
                  + "\\bwhere (\\w+ ){0,2}will find (them|it)\\b|\\b(after|when|once) i am (gone|not around)\\b(?!.*\\b(trip|"
                  + "work|vacation|week|travel|away|out of town|conference|weekend|hospital|camp))|\\b(bought|buy|got) (a |some )"
                  + "?(rope|noose)\\b(?!.*\\b(swing|tire|climbing|boat|tow|clothes|camping|tent|dog|tug|jump|hammock|garden|"
                  + "fence))|\\beverything is in order( now)?\\b|\\b(tied up|tying up) (all )?my loose ends\\b|\\b(my own|"
                  + "wrote my) obituary\\b|\\bsomeone who will be around\\b|\\b(who gets|gets) what\\b.{0,40}\\bjust in case"
                  + "\\b|\\bwill not (need|be needing) (it|them|that|this)\\b|\\bwhen (he is|she is) older and i am not around\\b|"
                  + "\\b(saving|collecting|saved|stockpiled|hoarding) (them|\\w+ old (painkillers|pills|meds))\\b|\\b(bought|"
                  + "buying) (\\w+ )?(pills|tylenol|sleeping pills) at (different|several|\\w+ different) (pharmacies|stores)|"
                  + "\\b(apologized|apologised) to everyone\\b|\\bfeels like closure\\b|\\bdeal with it when i am gone\\b|"
                  + "\\bmy (gun|pistol|rifle)\\b.{0,40}\\b(nightstand|bedside)|\\b(moved|put) the (gun|pistol|rifle)\\b.{0,40}"
                  + "\\b(nightstand|bedside|my room|my car|my truck)"),
        .init(id: "self-harm-wide", category: .selfHarm, score: 1,
              pattern: "\\b(been|keep|kept|started|start|cant stop|can not stop) cutting\\b|\\bcutting (again|and i)\\b|\\b(i|just) "
                  + "cut again\\b|\\bcut deeper\\b|\\bwent too deep\\b|\\b(hide|hiding|clean|cleaning|cover|covering) "
                  + "(the |my |fresh )?(cuts|scars|burns|bruises)\\b|\\b(cuts|scars) (on|from) my\\b|\\bbecause of the cuts\\b|"
                  + "\\b(sh|self harm) (again|urges|urge)\\b|\\b(clean|days|weeks|months) (clean )?from (sh|self harm|cutting)\\b|"
                  + "\\bsh\\b.{0,20}\\b(again|tonight|urges|clean|relapsed)|\\bthe (razor|blade)\\b.{0,40}\\b(feel better|"
                  + "helps|out|only thing)|\\b(only thing|all) that (makes me feel better|helps) is (the )?(razor|blade|cutting|"
                  + "pain)|\\b(punch|punching|bang|banging|hit|hitting) (my head|walls|the wall)\\b.{0,40}\\b(till|until|when i|"
                  + "only thing|on purpose|helps|split|bleed)|\\bpicked at (the |my )?scars\\b|\\b(knife|blade|razor|lighter|"
                  + "stove|iron|ice)\\b.{0,30}\\b(on my (thigh|arm|leg|skin|wrist|stomach)|on purpose|till it blistered)|\\b(held|"
                  + "hold|pressed) my (arm|hand|skin)\\b.{0,30}\\b(stove|iron|flame|lighter|burner)|\\bdeserve the pain\\b|"
                  + "\\bcarving\\b.{0,20}\\b(into my|my (leg|arm|skin|thigh))|\\brazors?\\b.{0,20}\\bnot for shaving\\b|\\bcuts\\b.{0,40}\\b(nobody|no one) (notices|sees|will "
                  + "notice|can see)|"
                  + "\\bblade out\\b|\\b(hurt|hurting) myself\\b"),
        .init(id: "third-party-wide", category: .thirdParty, score: 1,
              pattern: "\\b(wishes|wished|wish) (he|she|they) (was|were) dead\\b|\\b(talking|talks|talked|saying|says|said) "
                  + "(about )?(not wanting|he does not want|she does not want|they do not want|he wants|she wants) to (be here|live|"
                  + "be alive|die|go be with|end)|\\b(texted|sent) me (goodbye|a goodbye)\\b|\\b(saving|saved|stockpiling) "
                  + "(up )?(her|his|their) (pills|meds)\\b|\\b(locked|shut) (himself|herself|themselves) in\\b|\\bfound cuts "
                  + "on\\b|\\b(took|has) the (gun|pistol|rifle)\\b.{0,40}\\b(drove off|left|sorry|gone|not answering)|\\b(wants|"
                  + "want|wanted) to go be with\\b|\\bstopped taking (her|his|their) \\w+ (meds|medication|pills) on purpose\\b|"
                  + "\\b(barely breathing|not breathing|hard to wake|will not wake up|unresponsive)\\b|\\b(up|is) on the (roof|"
                  + "ledge|bridge)\\b.{0,30}\\b(will not|wont|refuses|not) come down\\b|\\bnote\\b.{0,40}\\bsays goodbye\\b|"
                  + "\\b(he|she|they) (said|says) (he|she|they) would be gone\\b|\\bi love you all,? take care of\\b|\\b(has|"
                  + "have|made) a plan to end (her|his|their) life\\b|\\b(saying|says|said) (he|she|they) (is|are) at the bridge"
                  + "\\b|\\b(does not|do not|doesnt) want to live anymore\\b|\\bhow many of (his|her|their) pills\\b"),
        .init(id: "veteran-wide", category: .veteran, score: 1,
              pattern: "\\b(22|twenty two) a day\\b.{0,30}\\b(get it|one of|be one|join|become|number|statistic)|\\b(came "
                  + "home|made it home|got back) and (they|he|she) (did not|didnt)\\b.{0,60}\\b(living|alive|right|here)|\\bi "
                  + "should (join|be with) them\\b|\\ball gone\\b.{0,30}\\bjoin them\\b|\\bshould have been (the one|me)\\b|"
                  + "\\bshould (have|of) been me\\b|\\bsen[dt] me home in a box\\b|\\b(does not|doesnt|no reason|why) (\\w+ ){0,3}to keep living\\b|\\bwant to be with them\\b|\\bwith the "
                  + "(guys|boys) from \\w+ before\\b|\\bnobody can (fix|forgive) what i did\\b|\\bthey can not fix what i did\\b|"
                  + "\\bthinking about fixing that\\b|\\b(the |my )?(ptsd|nightmares)\\b.{0,30}\\b(winning|done with|loading|"
                  + "rifle|gun)|\\bsitting in the (truck|car) with the (rifle|gun|pistol)\\b|\\bevery vet\\b.{0,30}\\bplan\\b|"
                  + "\\bnow i have mine\\b|\\bthat is the way out for me\\b|\\btook (his|her) own life\\b.{0,60}\\b(me too|for "
                  + "me|way out)|\\b(gonna|going to) see them soon\\b|\\bnothing can\\. i am done\\b|\\bcan not help me\\b.{0,30}"
                  + "\\bi am done\\b"),
        .init(id: "overdose-wide", category: .overdose, score: 1,
              pattern: "\\b(drank|swallowed|ate|took|had) (a bunch of|some|a lot of|the) (bleach|rat poison|antifreeze|drain "
                  + "cleaner)\\b|\\btook everything in the (medicine cabinet|cabinet)\\b|\\btook the whole (bottle|box|pack|"
                  + "packet|thing)\\b|\\b(drinking|drank|mixing|mixed)\\b.{0,20}\\bwith my (oxy\\w*|pills|meds|xanax|"
                  + "klonopin|ambien)\\b|\\b(ate|swallowed|eaten|took) the whole (bottle|box|jar|pack)\\b|\\b(took|taken|"
                  + "had) (her|his|my) (\\w+ ){1,2}(twice|three times|4 times|four times|\\d+ times)\\b|\\bswallowed the pills\\b|"
                  + "\\b(way )?too much insulin\\b|\\bate the rat poison\\b|\\b(car|engine) was running in the garage\\b|"
                  + "\\b(doubled|tripled)\\b.{0,30}\\b(\(pills)|dose)|\\bnot by accident\\b|\\b(swallowed|ate|took|got into)"
                  + " (some of )?(\\w+ ){0,2}(pills|meds|medicine|vitamins|gummies)\\b.{0,40}\\b(do not know how many|how many|"
                  + "whole|all)|\\btook (some|a bunch of|a few) pills\\b.{0,40}\\b(chest|drinks|line|weird|dizzy|scared)|"
                  + "\\btook enough to\\b|\\b(i|ok i) did it\\b.{0,20}\\b(took|swallowed|the whole)|\\bmixed up (her|his) "
                  + "meds\\b.{0,60}\\b(sleepy|hard to wake|confused|times)"),

        // Wider nets, written 2026-11-26 from the ways of speaking a second, independently written
        // development set used (evaluation/development/crisis-2.jsonl): more verbs, more means,
        // more euphemisms; each pattern names a kind of phrasing, not one sentence.
        .init(id: "ideation-verbs", category: .activeIdeation, score: 1,
              pattern: "\\b(urge|urges|close|closer|so close|tempted|considering|consider|contemplating|thinking of|thought of|"
                  + "ready|want|wanting|need|rather) (to )?(just )?(end|ending) (it|everything|things|my life|it all)\\b(?! (with|between|early|here))|"
                  + "\\b(check|checking|checked) out (for good|permanently|early(?! (tomorrow|today|from|of (the|our|my) "
                  + "(hotel|room|cabin|rental|airbnb|motel))|.{0,40}\\b(hotel|checkout|room|cabin|airbnb|motel|rental))|of (life|this world))\\b|"
                  + "\\b(want|wish|wishing|need) (for )?my heart to (stop|give out)\\b"),
        .init(id: "passive-wide", category: .passiveIdeation, score: 1,
              pattern: "\\b(would|id|i would) rather (just )?(never|not) (wake|get|be) (up|around|here|alive)\\b|"
                  + "\\brather not be (around|here|alive)\\b|\\b(lived|living) too long\\b|\\b(wish|wished|if only) (that )?i "
                  + "(had )?(was|were|had)? ?(never (been )?born|did not exist|never existed|could (just )?(disappear|vanish|"
                  + "stop existing|be erased))\\b|\\b(would not|wouldnt|do not|dont) mind (if i (just )?(died|did not (exist|wake)|"
                  + "was gone|were gone|was dead|never woke)|dying|being dead|not waking up)\\b|\\bdisappointed (that )?i "
                  + "(woke|am awake|am still (here|alive)|am alive)\\b|\\b(relieved|glad|fine|happy|okay|ok) if i (died|was "
                  + "dead|did not wake|never woke)\\b|\\b(hope|hoping|hoped|wish|pray|praying|would not be so bad|wouldnt be "
                  + "so bad|would be easier)\\b.{0,60}\\b(hit by (a|the) (bus|car|truck|train)|hits me|hit me|killed me|crashed into me|run over|take me in my "
                  + "sleep|takes me in my sleep|i die|i died|i do not wake|the cancer (would )?come back|do not wake up|"
                  + "never wake up)|\\b(i|me) (\\w+ ){0,6}(be|being|get) erased\\b|\\bwaste of (oxygen|space|air|skin)\\b|\\b(wish|want) it "
                  + "(could|would) be permanent\\b|\\b(fade|fading) (out|away)\\b.{0,20}\\b(no drama|forever|for good|"
                  + "quietly|just)\\b|\\bdo not see why i am still here\\b|\\bwhy (am i|i am) still (alive|breathing)\\b|\\bif i died (tomorrow|today|tonight)\\b.{0,30}\\b(relieved|fine|"
                  + "better|okay|ok|glad)\\b|\\bwhat is (even )?the point (anymore|any more|of (anything|any of (this|it)|it all|"
                  + "living|life|going on|trying))\\b|\\b(is|there is) no point (anymore|any more|in anything)\\b|"
                  + "\\b(nobody|no one) (noticing|would notice|missing me)\\b|"
                  + "\\b(excuse|reason) to (die|not be here|go for good)\\b|\\brunning out of reasons to (stay alive|live|keep going|be "
                  + "here|stay)\\b|\\b(world|everyone|everybody) (would|will) (keep spinning|go on|be fine|be better) "
                  + "(fine |just fine )?without me\\b|\\b(want|wants|wanted) out\\b.{0,20}\\b(of (this|life)|for good)\\b|"
                  + "\\bwant my heart to stop\\b|\\bdo not want to be saved\\b|\\bborrowed time\\b.{0,30}\\b(give|hand|pay)"
                  + " (it )?back\\b|\\b(this|it) (one )?(might|could|will) be my last$"),
        .init(id: "method-wide", category: .methodOrMeans, score: 1,
              pattern: "\\b(high|tall|far|deep|long|strong)\\b.{0,40}\\b(would not|wouldnt|will not|do not|dont|can not|"
                  + "could not|not) survive\\b|\\b(guarantee|guaranteed) (it|i die|death|it works|i do not survive)"
                  + "\\b|\\b(so|that) it (actually )?works\\b.{0,30}\\b(asking for me|for me|wrists|pills|rope)|\\b("
                  + "staring|stare|stared|keep looking|kept looking|keep thinking|thinking|think) (at|about) (the|my|his|her|dads|moms|"
                  + "nanas|grandmas|grandpas|my dads|my moms) (\\w+ )?(rope|gun|guns|gun safe|pills|knife|knives|knife "
                  + "block|razor|razors|blades|bridge|tracks|train tracks|cliff|cliffs|ledge|pistol|rifle|morphine|oxy\\w*)\\b|"
                  + "\\b(knife|knives|rope|gun|pills|bridge|tracks|cliff|razor|blade)\\b.{0,20}\\b(calling (to )?me|keeps "
                  + "calling)\\b|\\bhow (long|high|far|strong|deep|quick|fast)\\b.{0,50}\\b(die|survive|kill|"
                  + "hold (a person|my weight|a persons weight|someone)|guarantee)\\b|\\b(jumping|jump|fall|falling) (from|off) the \\w+ (floor|story|storey)\\b.{0,30}\\b(enough|"
                  + "kill|survive|die)\\b|\\bdrop from the (bridge|roof|building|"
                  + "overpass|cliff|balcony)\\b|\\bresearched the method\\b|\\b(would|will|does|do|"
                  + "could|can|is) (\\d+|twenty|thirty|forty|fifty|a hundred) (of )?(my |her |his |these |those )?(\\w+ )?"
                  + "\(pills) (kill|be enough|do it|be fatal|be lethal|stop)\\b|\\b(is|would|does) (hanging|drowning|jumping|"
                  + "bleeding out|overdosing|an overdose|a bullet|slitting) (\\w+ )?(painful|quick|quicker|fast|painless|"
                  + "enough|be enough|hurt|work)\\b|\\b(ways|way|methods|method) to (die|kill (myself|yourself)|end (it|my "
                  + "life))\\b|\\bmake (killing (myself|yourself)|suicide|it|my death) look like (an accident|a heart attack|"
                  + "natural|an overdose)\\b|\\b(plastic )?bag over my head\\b|\\b(walk|walking|step|stepping|lie|lying|"
                  + "lay|laying) (onto|into|in front of|down on|on) (the )?(train tracks|tracks|traffic|oncoming traffic|"
                  + "highway|freeway)\\b|\\blong way down\\b|\\b(too "
                  + "much)\\b.{0,20}\\b(permanently|forever|for good)\\b|\\bwhich (pills|meds|ones)\\b.{0,40}\\b(would do it|"
                  + "would work|kill)\\b|\\bknow (exactly )?which (pills|meds)\\b.{0,40}\\b(do it|work|kill)\\b|"
                  + "\\bblades?\\b.{0,40}\\b(just in case|in case i decide|when i decide)\\b|\\b(running|run) the (car|engine|"
                  + "truck) in the (closed |shut )?garage\\b|\\bresearch\\w* (ways|how) "
                  + "to (die|kill|end)"),
        .init(id: "intent-wide", category: .intent, score: 1,
              pattern: "\\bby the time (anyone|you|they|someone|somebody|you all) (reads?|finds?|sees?|gets?) (this|it|"
                  + "me)\\b|\\b(i will|ill|i am going to|going to) be gone\\b|\\b(will not|wont|not going to) be (here|around|"
                  + "alive) (for it|for that|when you|to see|long enough|for the appointment)\\b(?!.*\\b(work|trip|travel|"
                  + "traveling|away|conference|vacation|out of town|hospital|camp))|\\bbye forever\\b|\\bnot "
                  + "staying in this world\\b|\\b(not|never) (be )?coming home\\b.{0,20}\\b(ever|again|"
                  + "sorry|for good)\\b|\\b(will not|wont) (have to|need to) worry about me (after|anymore|any more|again)\\b|"
                  + "\\bmake sure i (do not|dont|never) wake up\\b|\\b(do not|dont) think i will be (here|around|alive) "
                  + "(long enough|for|to see|much longer)\\b|\\bi chose this\\b|\\bwhen you find (this|me)\\b.{0,40}\\b(do "
                  + "not blame|sorry|goodbye|love you|forgive)\\b|\\b(do "
                  + "not|dont) look for me\\b|\\bwill not be alive when\\b|\\bleaving for good\\b.{0,30}\\b(not moving|"
                  + "sorry|goodbye|forever)|\\b(gonna|going to) go now\\b.{0,20}\\b(for real|forever|for good)\\b|\\bwill "
                  + "not be (a problem|a burden) for (anyone|anybody|you) (after|anymore|much longer)\\b|\\b(i am )?(about|"
                  + "ready|going) to become one of the (22|twenty two)\\b|\\bif i am still (alive|here|around) by then\\b"),
        .init(id: "plan-wide-2", category: .planOrTiming, score: 1,
              pattern: "\\b(then|and then) (i am|im) (done|gone) (living|for good|with (life|living|it all))\\b|\\bnot "
                  + "(to )?come back alive\\b|\\b(going|go|drive|driving) (to|up to) the (bridge|overpass|cliff|cliffs|"
                  + "lake|river|tracks|quarry|ocean|roof)\\b.{0,60}\\b(not come back|keep walking|and end|do it|"
                  + "never come back)\\b|\\b(bridge|overpass|roof|cliff|cliffs)\\b.{0,40}\\band jump$|\\b(walk|walking) into the "
                  + "(ocean|sea|lake|river|water)\\b.{0,60}\\b(keep walking|not come back|never come back|drown)\\b|\\b(passes|"
                  + "dies|is gone)\\b.{0,30}\\b(i am|i will be) going too\\b|\\b(i will|ill|going to|time to|ready to|about "
                  + "to|want to) (re)?join (her|him|them|my (guys|brothers|buddies|boys|unit|team|fire team|son|daughter|wife|"
                  + "husband|mom|dad))(?=$| (soon|forever|again|up there|in heaven|on the other side|now))|\\b(already )?know "
                  + "(where and how|how and where|how and when|when and how|when and where)\\b|\\bby this time tomorrow\\b.{0,20}"
                  + "\\bover\\b|\\b(tonight|tomorrow)\\b.{0,40}\\b(thought it through|counted them out)\\b|\\b(do|doing) it (from|off) "
                  + "the (top|roof|\\w+ floor|bridge|ledge|overpass)\\b|\\bgarage\\b.{0,30}\\b(car running|engine running|with the hose)\\b|\\bnobody will (know|notice) "
                  + "(me|one more)\\b|\\b(then )?the pills (friday|saturday|sunday|monday|tuesday|wednesday|thursday|tonight|"
                  + "tomorrow)\\b|\\b(after|once)\\b.{0,40}\\b(i will|ill|i am going to) end it\\b"),
        .init(id: "prepare-wide-2", category: .preparatoryBehaviour, score: 1,
              pattern: "\\b(do not|dont|will not|wont) need (them|it|any of (it|this|them)|that|these)\\b.{0,20}\\bwhere i "
                  + "am going\\b|\\b(clothes|outfit|suit|dress) i want to be (found|buried) in\\b|\\b(get in|break in|let "
                  + "herself in|let himself in)\\b.{0,20}\\bfind me\\b|\\bwhen i am not alive\\b|\\b(calm|ready|prepared) "
                  + "(before|for) the end\\b|\\b(tied|"
                  + "tying|tie) (the|a) (knot|noose)\\b.{0,40}\\b(hang|hanging|closet|see if|beam)\\b|\\benough to die\\b|"
                  + "\\b(collect|collecting|collected|saving|saved|stockpil\\w*|hoard\\w*|stash\\w*)\\b.{0,30}\\b\(pills)\\b.{0,40}"
                  + "\\b(for when|ready|enough|months|jar|drawer|hidden|end)\\b|\\b(deleted|deleting|delete) (all )?my (socials|accounts|social media)\\b.{0,60}"
                  + "\\b(before|end|calm|ready|goodbye|owed)\\b|\\bpaid back everyone\\b|\\b(stand|"
                  + "standing|stood) at the (rail|railing|edge|ledge)\\b|\\b(quit|stopped) taking my "
                  + "(meds|pills|medication)\\b.{0,40}\\b(more|save|saved|stash|end)\\b|\\b(sorry|goodbye) (letters|notes)\\b|"
                  + "\\bfor when they find me\\b|\\b(at|from) different (pharmacies|stores|doctors)\\b.{0,30}\\b(enough|"
                  + "die|stockpile|save)\\b|\\b(filled|refilled) the (prescription|script)\\b.{0,40}\\b(enough|different)\\b|"
                  + "\\b(picked up|bought|got) (the|a|my|another) (handgun|gun|pistol|rifle|shotgun)\\b.{0,60}\\b(so am i|over "
                  + "and|took the others|do not know|does not know|doesnt know|myself)\\b|\\bhe (does not|doesnt) know "
                  + "(it is|its) permanent\\b|\\b(sent|gave|giving|give) (away )?my (medals|dog tags)\\b"),
        .init(id: "self-harm-wide-2", category: .selfHarm, score: 1,
              pattern: "\\b(scratch|scratching|scratched|pick|picking|picked|dig|digging|dug|punch|punching|punched|hit|"
                  + "hitting|bang|banging|bite|biting)\\b.{0,40}\\b(until|till|so) (i|it|they|my \\w+) (bleed|bleeds|bled|"
                  + "bruise|bruises|bruised)\\b|\\bon purpose\\b.{0,30}\\b(feel something|feel anything|feel pain|hurt)\\b|"
                  + "\\b(slammed|smashed|burned|burnt|hit|cut|scratched) my (hand|hands|arm|arms|head|leg|legs|fingers?|fist|"
                  + "wrist|skin)\\b.{0,30}\\bon purpose\\b|\\b(did|do) it "
                  + "(again )?on my (thighs?|arms?|legs?|stomach|wrists?|hips?|skin)\\b|\\bsince i (last )?cut\\b|\\brelapsed\\b.{0,20}\\b(\\d+|one|two|three|four|five) cuts\\b|\\b(going to|gonna|want to|"
                  + "wanna|need to|have to|about to) cut (tonight|again|myself|today|so bad|badly)\\b|\\b(going to|gonna|want to|"
                  + "wanna|need to|about to) cut$|\\b(arms?|legs?|thighs?) (look|looks) like "
                  + "(a )?barcode\\b|\\b(ice and salt|salt and ice) burns?\\b|\\bburn(ed|t|ing)? myself (again|with a (cigarette|"
                  + "lighter|match))\\b|\\bself inflicted\\b|\\brelapsed on (sh|self harm|cutting)\\b|\\b(cut|cutting) (so "
                  + "much|too deep|deeper than usual)\\b|\\bcut i did to myself\\b|\\btoo far with the cutting\\b|\\bcutting "
                  + "last night\\b|\\b(carved|carve|carving) (\\w+ ){0,3}into my (arm|leg|skin|thigh|wrist|stomach)\\b|"
                  + "\\bused to only cut\\b|\\bpulling my hair out\\b.{0,60}\\bbleeds?\\b"),
        .init(id: "overdose-wide-2", category: .overdose, score: 1,
              pattern: "\\bempty pill bottle\\b.{0,40}\\b(next to|beside|by|near)\\b|\\b(passed out|unconscious|"
                  + "not waking)\\b.{0,40}\\b(pill|pills|bottle|meds)\\b|\\b(injected|took|shot) (way )?(more|too much) "
                  + "insulin\\b|\\b(took|swallowed|ate|downed|had) (\\d{2,}|twenty|thirty|forty|fifty|sixty|a hundred) (of )?"
                  + "(my |her |his |the )?(\\w+ )?(\\w+ )?(pills|tablets|tabs|capsules|adderall|xanax|oxy\\w*|lithium|"
                  + "tylenol|advil|ibuprofen|acetaminophen|aspirin|benadryl|melatonin|antidepressants|klonopin|valium)"
                  + "\\b|\\b(swallowed|took|ate) (my |her |his )?(grandmas|grandpas|moms|dads|nanas|someone elses) (\\w+ )?"
                  + "(morphine|oxy\\w*|pills|tablets|meds|fentanyl|methadone)"
                  + "\\b|\\b(took|swallowed|downed) (them|my \\w+|the \\w+) all at once\\b|\\ball at once\\b.{0,30}\\b(hour|"
                  + "ago|minutes)\\b|\\btook them all\\b.{0,20}\\b(ago|peaceful|sleepy|hour|minutes)\\b|\\b(ingested|ingestion)\\b.{0,40}\\b(intent|intentional|"
                  + "tabs|tablets|pills)\\b|\\b(took|swallowed|downed) (\\w+ )?(strips|packs|blister packs?) of (my |her |his )?(\\w+ ){0,3}(pills|tablets)\\b|"
                  + "\\b(swallowed|took|ate) the whole (blister|strip|pack|packet|bottle|box|jar)\\b|\\bmixed my "
                  + "(painkillers|pills|meds)\\b.{0,30}\\b(sleeping pills|alcohol|vodka|booze|meds)\\b"),
        .init(id: "third-party-wide-2", category: .thirdParty, score: 1,
              pattern: "\\b(keeps|kept|keep) (saying|telling (me|us)|talking about)\\b.{0,40}\\b(better off without "
                  + "(him|her|them)|better off when (he|she|they) (is|are|was) (dead|gone)|(help|helping) (him|her|them) die|"
                  + "wants? to die|not being here|being dead|joining|ending it)|\\b(asking|asked|asks) (me )?to help "
                  + "(him|her|them) die\\b|\\b(says|said|told me) (that )?(he|she|they) (wants?|wanted) to be dead\\b|"
                  + "\\b(wishes|wished) (he|she|they)(d| had| would have)? never been born\\b|\\b(wants|wanted) to go to "
                  + "heaven (now|today|soon)\\b|\\b(we|they|you) (will|would|d) all be better off (when|if|without) (he|she|"
                  + "they|him|her|them)\\b|\\b(googling|searching|looking up|researching) (ways|how) to (die|kill|end)\\b|"
                  + "\\b(talking|talks|talked) about joining\\b|\\b(use|using) it on (himself|herself|themselves)\\b|\\b(he|"
                  + "she) (bangs|hits|cuts|burns|scratches) (her|his) (head|arms?|legs?|self)\\b.{0,40}\\b(bleed|bleeds|"
                  + "until|bruise)\\b|\\b(sent|dmd|dm d|texted|messaged) me (a picture of|a pic of|a photo of) (pills|a gun|"
                  + "a rope|a knife|a bridge)\\b|\\b(said|says) (he|she|they) (is|are|has|have) had enough\\b.{0,40}\\b(gun|"
                  + "revolver|pistol|rifle|pills)\\b|\\b(i|we) will not be a problem for anyone after\\b"),
        .init(id: "veteran-wide-2", category: .veteran, score: 1,
              pattern: "\\b(rifle|gun|pistol|glock|45|service weapon|sidearm|revolver|handgun|shotgun|m4|m9|piece)\\b.{0,60}"
                  + "\\b(in my mouth|putting it in my mouth|on me|on myself|under (my|the) pillow|in the glovebox)\\b|"
                  + "\\bloaded\\b.{0,40}\\b(nightstand|pillow|keep looking|looking at it)\\b|\\b(eaten|ate|eat) "
                  + "their (guns|pistols|rifles)\\b|\\bcan not live with (myself|what i did|it anymore|this anymore|anymore)\\b|\\b(thought|thinking) about using "
                  + "it on (me|myself)\\b|\\b(thinking about|thought about) (putting|sticking) (it|the barrel|the gun) in my mouth\\b|\\b(joining|join) "
                  + "my (guys|brothers|buddies|boys|unit)\\b|\\bmake it me$|\\b(make|made) it stop for good\\b|\\bmight "
                  + "answer this time\\b|\\b(do not|dont) plan to be far behind\\b|\\btime to rejoin\\b|\\b(even|evening) "
                  + "it (up|out)\\b|\\bpull the trigger on myself\\b|\\b(thinking|thought) about doing what \\w+ did\\b|\\bthinking about finishing it"
                  + "\\b|\\bdriving (the|my) (truck|car) into the (quarry|river|lake|ocean)\\b|\\b(going|gonna) to go see them\\b|\\bi know how this ends\\b|"
                  + "\\btook the others away\\b|\\b(should|should have) (gone|go) down with the ship\\b|\\bi can still even it"),
        // Wider phrasings found on the development set, 2026-11-26.
        .init(id: "self-inflicted", category: .selfHarm, score: 1,
              pattern: "\\bself (inflicted|injured|injures)\\b"),
        .init(id: "jump-from-place", category: .methodOrMeans, score: 1,
              pattern: "\\b(bridge|overpass|rooftop|roof|cliff|tower|ledge|top floor|parking garage|balcony)\\b.{0,60}"
                  + "\\b(to|and|then|going to|gonna) jump\\b(?! (rope|start|starting|on|in|into the (pool|lake|water)|the (car|"
                  + "battery|queue|line)))|\\bdo it\\b.{0,60}\\bfrom the (top floor|roof|rooftop|bridge|balcony|ledge|overpass|"
                  + "parking garage)"),
        // Thinking about, or picturing, stepping or driving onto a road, track or bridge named nearby.
        .init(id: "walk-onto", category: .methodOrMeans, score: 1,
              pattern: "\\b(tracks|train|trains|highway|freeway|motorway|traffic|bridge|overpass|road|lorries|trucks)\\b.{0,60}"
                  + "\\b((think|thinking|thought|keep thinking) about|(picture|imagine|imagining|see myself|keep picturing|"
                  + "pictured) (myself )?) ?(walking|stepping|jumping|lying|laying|driving) (out )?(onto|on to|in front of|into|"
                  + "off|down on)\\b(?! (town|the city|work|the office|the driveway|the garage|the car park|the parking))"),
        .init(id: "dangerous-mix", category: .methodOrMeans, score: 1,
              pattern: "\\b(which|what) (\\w+ )?(pills|meds|drugs|medications|medicines|tablets) (are|is|would be) (the )?"
                  + "(most )?(dangerous|deadly|lethal|fatal) (to mix|to take|with|if)"),
        .init(id: "gun-thinking", category: .methodOrMeans, score: 1,
              pattern: "\\b(gun|pistol|rifle|shotgun|revolver|glock|handgun|firearm|45|9mm|sidearm|service weapon)\\b.{0,40}"
                  + "\\b(i am|i have been|been|keep) thinking about (it|using it|doing it)\\b(?! (for|as|in|with|at|on|"
                  + "next|this))"),

        // Written 2026-11-27 from the third and fourth development sets (crisis-3a, crisis-3b): general forms of
        // what they showed, each checked against every development set's hard negatives.
        .init(id: "found-by", category: .preparatoryBehaviour, score: 1,
              pattern: "\\b(whoever|who ever|the one who|the ones who|the first one to|so (they|he|she|someone|somebody|people) "
                  + "(can|will|could)|be the one (who|that|to)|is the one (who|that|to)|not (be|being) the one (who|that|to)) "
                  + "(finds?|found|will find|find) me\\b"),
        .init(id: "not-come-back", category: .planOrTiming, score: 1,
              pattern: "\\b(and|then) (not|never) (come|coming|drive|driving|swim|swimming|walk|walking|make it) back\\b(?! "
                  + "(to (work|the office|this|that|school)|until|for|here))|\\bnot planning on (coming|swimming|driving|walking) "
                  + "back\\b|\\b(will not|not going to) (drive|come|swim|walk) back (down|home|up|out)?$"),
        .init(id: "weapon-calling", category: .methodOrMeans, score: 1,
              pattern: "\\b(gun|guns|rifle|pistol|revolver|glock|handgun|sidearm|service weapon|1911|38|357|shotgun|firearm)"
                  + "\\b.{0,120}\\b(use (it|them) on (me|myself)|calling (me|my name|to me)|safety off|not for (burglars|protection|"
                  + "home defense|hunting|the range|intruders)|how easy it would be)\\b|\\b(using|use) (the|my|his|a) (1911|38|357|"
                  + "glock|sidearm|service weapon|revolver|pistol|rifle|shotgun|handgun|gun) on (myself|me)\\b|\\bhow easy it would "
                  + "be to (just )?(use it on (me|myself)|end it|do it|pull the trigger)\\b"),
        .init(id: "vehicle-in-front", category: .methodOrMeans, score: 1,
              pattern: "\\b(step|stepping|stepped|walk|walking|walked|jump|jumping|jumped|lie|lying|lay|laying|throw myself|"
                  + "throwing myself) (out )?(in front of|under) (the |a |an )?(\\w+ ){0,2}(train|trains|truck|trucks|semi|semis|"
                  + "bus|freight|car|traffic|subway|lorry|lorries|tram)\\b|\\b(stood|standing|stand|sat|sitting|sit|lay|"
                  + "lying|laying|lie|waited|"
                  + "waiting|wait) (on|between|across) the (train |railroad |rail )?tracks\\b|\\b(swerv|veer|steer|aim)\\w* "
                  + "(toward|towards|into) (the )?(semis?|trucks?|oncoming|traffic|trees?|wall|barrier|pillar)\\b.{0,30}\\bon purpose"),
        .init(id: "water-no-return", category: .methodOrMeans, score: 1,
              pattern: "\\b(sink|sinking|sank) to the bottom\\b|\\bpockets? (full of|with) (rocks|stones)\\b|\\b(go|going|went|"
                  + "jump|jumping|slip|slipping) over the side\\b|\\b(i am going to|i will|i am gonna|going to) walk (out )?into "
                  + "the (ocean|sea|lake|river|water|waves)\\b|\\bwalk into the (ocean|sea|lake|river|water|waves) and (not|never|"
                  + "keep)"),
        .init(id: "took-it-all", category: .overdose, score: 1,
              pattern: "\\b(take|taking|took|swallow|swallowing) (it|them|everything) all and (be|being|am) done\\b|\\b(take|"
                  + "taking) the whole (month|bottle|box|supply|prescription|script) at once\\b|\\bmixed (every|all (the|my|of "
                  + "the|of my)) (pill|pills|meds|medications|bottles?)\\b|\\b(took|swallowed|taken|downed) (the|all the|all my|"
                  + "my|them|those) (pills|meds|tablets)\\b.{0,40}\\b(ago|it is done|its done|feeling (sleepy|dizzy|weird|numb|"
                  + "tired)|tell (my|the) \\w+ i love|goodbye|to make it stop)|\\b(drank|swallowed|took|downed|chugged) (a |the |"
                  + "an )?(whole|entire|full) (bottle|box|pack|jar|packet) of\\b.{0,40}\\b(to make (it|everything) (all )?stop|to "
                  + "(sleep|die|not wake))|\\b(took|injected|shot|drank|swallowed) (my |the |his |her )?(\\w+ )?(way too much|too "
                  + "much|too many)\\b.{0,30}\\b(on purpose|i wanted to|to make it stop|so i (would|could) (not|die))"),
        .init(id: "poisoned-child", category: .overdose, score: 1,
              pattern: "\\bfoam\\w* (at|in|from) (the|his|her|their|my) mouth\\b|\\b(drank|swallowed|ate|bit into|chewed|"
                  + "got into) (something|some|a|the|an|one of the)? ?(\\w+ )?(from under the sink|(dishwasher|laundry|detergent|"
                  + "tide) pods?|button batter(y|ies)|edibles?|edible gummies|lamp oil|windshield washer fluid)\\b"),
        .init(id: "method-certainty", category: .methodOrMeans, score: 1,
              pattern: "\\b(jump\\w*|floor|stor(y|ies)|building|bridge|high|pills|hanging|rifle|handgun|gun|garage|rope|"
                  + "overdose)\\b.{0,60}\\b(kill you|be sure (you|i) die|for it to (actually )?work|to actually work)\\b|\\bhow "
                  + "long does it take to (drown|bleed out|suffocate|die)\\b|\\bmore (certain|reliable|effective|painless|"
                  + "sure)\\b.{0,30}\\b(ending|end it|die|dying|suicide|hanging|pills or)|\\b(work|works|worked) on a "
                  + "(person|human)\\b|\\b(enough|do it|work)\\b.{0,20}\\bif i (took|take|injected|inject|drank|drink|"
                  + "swallowed|swallow) (all|the whole|every)"),
        .init(id: "hoarded-pills", category: .methodOrMeans, score: 1,
              pattern: "\\b(stockpil|hoard)\\w* (up )?(the |my |some |all |all the |all my )?(\\w+ )?\(pills)\\b|\\b\(pills)\\b"
                  + ".{0,30}\\b(i have been|i been|been) (hoarding|saving|stockpiling|collecting|stashing)\\b|\\b(counted|counting|"
                  + "count) (them|the pills|my pills|the tablets) (again|twice|every)"),
        .init(id: "euphemism-exit", category: .activeIdeation, score: 1,
              pattern: "\\b(want|wanna|ready|going|time|need) to (just )?(check|tap|clock) out( for good| permanently| early)?$|"
                  + "\\b(clock|clocking|tap|tapping|bow|bowing|check|checking) out (for good|permanently|forever|of (this )?life)"
                  + "\\b(?!.*\\b(retire\\w*|retirement|last shift|new job|the company|the firm))|\\b(punch|punching) my (own )?"
                  + "ticket\\b|\\bcash in my chips\\b|\\b(take|taking) myself out\\b(?! (for|to|of "
                  + "the (house|game|running|race|group|chat)))|\\bthe permanent (one|way out|exit|solution)\\b|\\b(quit|"
                  + "quitting) (this|my) life\\b|\\bgo to sleep forever\\b|\\bsleep for good\\b|\\b(go|going) early\\b.{0,20}"
                  + "\\b(world|life|join)|\\bjoin (her|him|them|my (\\w+ ){1,2}|the (guys|boys|ones)( \\w+){0,3})( up there| in "
                  + "heaven| on the other side)? early\\b"),
        .init(id: "decided-doing-it", category: .intent, score: 1,
              pattern: "\\b(i have decided|i decided|decision is made|decisions made|it is decided|its decided|made peace with "
                  + "it|not backing out|no more talking about it|this time i am following through|going thru with it|going "
                  + "through with it)\\b.{0,30}\\b(i am doing it|doing it|i am going|its happening|it is happening|i will|"
                  + "i am ready|$)|\\b(i am|im) (doing it|gonna do it|going to do it)\\b.{0,20}\\b(stop asking|sorry|"
                  + "do not (call|send)|i have decided|decided)\\b|\\b(i will|i will be|ill be) dead by (morning|tomorrow|"
                  + "tonight|the weekend|sunrise|friday|monday)\\b|\\bthe pain ends when i do\\b|\\b(finish|finishing) myself\\b"),
        .init(id: "end-date", category: .planOrTiming, score: 1,
              pattern: "\\bthe (day|night|date) i (end it|end things|die|do it|check out|kill myself|go through with it)\\b|"
                  + "\\b(not|never|no more) renewing anything,? including (me|my life|myself)\\b|\\b(everything is|its all|it "
                  + "is all) (ready|set|in place) for (tonight|tomorrow|the end|it)\\b|\\b(a few|couple of|two|three) hours "
                  + "from now it (will|will all|all will) be over\\b|\\b(when|once) the clock hits\\b.{0,20}\\bover for me\\b"),
        .init(id: "self-harm-acts", category: .selfHarm, score: 1,
              // ("the power cut again tonight" is an outage.)
              pattern: "\\b(?<!(power|electricity|wifi|internet|signal|cable|water|gas|phone|line|hair) )cut (again|myself "
                  + "again)\\b|\\b(urges?|urge) to (cut|burn|hurt)\\b|\\bjust for cutting\\b|"
                  + "\\b(cigarette|lighter|hot pan|iron) (into|out on|against|on) my (arm|arms|wrist|wrists|leg|legs|ankle|"
                  + "thigh|thighs|hand|skin)\\b|\\bcutting (is|makes|helps|has been)\\b|\\bthe cuts are\\b|\\b(covered in|"
                  + "new|fresh|deeper) (cuts|scratches|burns|marks)\\b(?! (from|on the (car|table|door|floor|wall)))|"
                  + "\\b(hit|hitting|punch|punching|slap|slapping|bit|biting|scratch|scratching|scratched|burn|burning|burned) "
                  + "my (own )?(\\w+ )?(face|arm|arms|leg|legs|skin|forearm|wrist|wrists)\\b.{0,40}\\b(bled|bleed|numb|until|"
                  + "till|hurt|deserve|on purpose)|\\b(banging|bang|hitting|hit) my head (on|against) the wall\\b|\\bmy blades\\b|"
                  + "\\b(blades|razors) and (bandages|band aids|gauze)\\b|\\bconcealer for my (wrists|arms|thighs)\\b"),
        .init(id: "third-party-signs", category: .thirdParty, score: 1,
              pattern: "\\b\(thirdSubject) (has been |is |keeps |was )?(giving away|gave away|gives away) (all |most )?(his|her|"
                  + "their) (stuff|things|tools|guns|belongings|possessions|games|console|clothes)\\b|\\b(left|leaving|wrote) "
                  + "(a|an|his|her) (note|letter) (saying|that says|to the kids|addressed to the kids)\\b.{0,40}\\b(sorry|"
                  + "goodbye|not to look|do not look)|\\b(note|letter|text|message) (from|by) (my|our) \\w+ (that says|saying) "
                  + "(sorry|goodbye)|\\b(says|said|keeps saying) (his|her|their) unit is waiting\\b|\\b(looking up|searched|"
                  + "googled|looked up) (bridges|guns|how to die|how high)"),
        .init(id: "passive-relief", category: .passiveIdeation, score: 1,
              pattern: "\\b(hope|hoping|hoped|wish|wishing|pray|praying)\\w* (i|that i) (get|got|gets) (in|into|hit by) (a|an) "
                  + "(car |truck |bad )?(accident|crash|wreck)\\b|\\b(hope|hoping|wish|wishing|pray|praying)\\w* (that )?(god|"
                  + "the lord|he|the cancer|it|my heart|a truck|a bus|a car) (would |will |just |to )?(take me|takes me|hit me|"
                  + "hits me|finishes me|finish me|quit on me|hurry up and take me)\\b|\\b(if|when) (a|the) (bus|truck|car) hit "
                  + "me\\b.{0,40}\\b(mind|fine|okay|ok|relief)|\\b(would|be) (a relief|fine|ok|okay) if (i|a truck|a bus|my heart) "
                  + "(just )?(did not exist|did not wake|hit me|quit|stopped|died|was gone)\\b|\\b(cheaper|easier|simpler|lighter) "
                  + "(for (everyone|all of them|everybody|them)|w/o me|without me) if i (was|were) gone\\b|\\bnot make it to the "
                  + "other side\\b|\\b(fall asleep|go to sleep|sleep) and not come back\\b|\\b(kind of|was) hoping i (would not|"
                  + "wouldnt|would never) make (this|it to)"),
        .init(id: "farewell-signs", category: .preparatoryBehaviour, score: 1,
              pattern: "\\bgiving (her|his|their|my) (things|stuff|belongings|possessions) away\\b.{0,60}\\b(saying goodbye|"
                  + "goodbyes)\\b|\\b(saying|said|says) goodbye\\b.{0,80}\\b(not answering|will not answer|can not reach|cannot "
                  + "reach|no one can reach|not picking up)\\b|\\b(deserves?|needs?) (someone|somebody|people|a "
                  + "family) who(ll| will| would| is going to) (be around|still be here|still be around)\\b|"
                  + "\\b(gave|giving|given) (away|all my|my \\w+ to)\\b.{0,120}\\b(it is almost time|almost time now|not long now)"
                  + "\\b|\\b(really|actually|truth is|honestly) i am getting ready to (go|die)$|\\bi am sorry\\b.{0,20}\\bi love "
                  + "(you|them|you all|everyone)\\b.{0,60}\\b(look after|take care of)\\b|\\bsay (that )?i love (them|you|everyone)"
                  + "\\b.{0,12}\\b(and )?(that )?i am sorry$"),
        .init(id: "rehearsal", category: .preparatoryBehaviour, score: 1,
              pattern: "\\b(rail|railing|ledge|edge|bridge|roof)\\b.{0,40}\\b(see|know|feel) (how|what) it (feels|would feel|"
                  + "feels like|would be like)\\b|\\bdo it in one go\\b|\\benough (of )?(anything|something|them|stuff) to do it\\b"),
        .init(id: "needed-here", category: .passiveIdeation, score: 1,
              pattern: "\\b(does|would|will) (anyone|anybody) (even|really|actually) (need|want|miss|notice) me( here| anymore| "
                  + "at all| around)?$"),

        // Written from the development sets crisis-5a and 5b (2026-11-27): language of rural and older
        // writers and of English around the world; each rule names the signal, not a sentence.

        .init(id: "not-for-what-i-said", category: .methodOrMeans, score: 1,
              pattern: "(?:\\b(rope|gun|shotgun|rifle|pistol|handgun|revolver|shells?|bullets?|pills|tablets|hose|charcoal|"
                  + "tape|freeze|lethal|overdose|dose)\\b.{0,80}\\b(it is|its|they are|this is|that is) (for me|not for "
                  + "(\\w+ ){0,2}(coyotes|intruders|deer|vermin|the swing|a swing|a tyre swing|a tire swing|"
                  + "hunting))\\b)|"
                  + "(?:\\bnot for (intruders|coyotes|burglars|the coyotes)$)|"
                  + "(?:\\bi said (yes|it was)\\b.{0,30}\\b(it is not|it was not)( for \\w+)?$)|"
                  + "(?:\\btold (the |him|her|them)\\w* .{0,20}\\bit was for .{0,30}\\b(it is not|it was not|its not)$)|"
                  + "(?:\\b(charcoal|rope|hose|tape|pills|gun)\\b.{0,60}\\byou know what (for|it is for)\\b)|"
                  + "(?:\\bwould it take (for|to kill) a (grown )?(man|woman|person|adult) (my|of my) (size|weight)\\b)"),
        .init(id: "lethal-place-now", category: .methodOrMeans, score: 1,
              pattern: "(?:\\b(i am|am|i have been|been|sitting|sat|stood|standing|parked|i am stood|keep standing|dey "
                  + "for) (right |out )?(on|at|by|near|up on|down by|on the edge of|at the edge of|at the end of|next to|"
                  + "for) (the |my |a )?(\\w+ ){0,3}(bridge|overpass|roof|rooftop|ledge|cliffs?|cliff edge|quarry|"
                  + "platform edge|edge of the platform|overlook|railway line|railway|train tracks|tracks|level crossing|"
                  + "reservoir|pier|balcony|gorge|dam|parking garage|car park|canal|towpath|harbour bridge|falls|beachy "
                  + "head|the gap|edge)\\b.{0,80}\\b(deciding|the drop|let go|letting go|step off|jump|go in|legs over|"
                  + "nobody about|can not go back|cannot go back|deep enough|looking down|numb|wan jump)\\b)|"
                  + "(?:\\b(the )?railings? (are not|is not|arent|isnt) (even )?(that |very |so )?high\\b)|"
                  + "(?:\\b(looked|looking|stared|staring) (down|at) .{0,50}\\b(it is|its) (deep|high|far) enough\\b)|"
                  + "(?:\\bcloser to the edge\\b)|"
                  + "(?:\\b(bridge|ledge|roof|cliff|platform edge|overpass)\\b.{0,40}\\b(now|right now)\\b.{0,40}\\b(jump|"
                  + "step off|let go)\\b)|"
                  + "(?:\\b(bridge|overpass|roof|rooftop|ledge|cliffs?|cliff edge|quarry|platform edge|edge of the "
                  + "platform|overlook|railway line|railway|train tracks|tracks|level crossing|reservoir|pier|balcony|"
                  + "gorge|dam|parking garage|car park|canal|towpath|harbour bridge|falls|beachy head|the gap|"
                  + "edge)\\b.{0,80}\\b(keep (coming|going) back to|going back (there )?tonight|again tonight|going "
                  + "again tomorrow)\\b)|"
                  + "(?:\\b(keep (coming|going) back to) (the |a )?(\\w+ ){0,3}(bridge|overpass|roof|rooftop|ledge|cliffs?|"
                  + "cliff edge|quarry|platform edge|edge of the platform|overlook|railway line|railway|train tracks|"
                  + "tracks|level crossing|reservoir|pier|balcony|gorge|dam|parking garage|car park|canal|towpath|"
                  + "harbour bridge|falls|beachy head|the gap|edge)\\b)|"
                  + "(?:\\b(train|trains|freight)\\b.{0,60}\\b(i am|am) (stood|standing|sat|sitting|waiting) (right "
                  + ")?(next to|by|on|near) (it|the (tracks|line|crossing|platform edge))\\b)|"
                  + "(?:\\b(roof|rooftop|overpass|bridge|building|cliff|tower|ledge|car park|parking "
                  + "garage)\\b.{0,100}\\bi (want|need|am going) to (go|get) up there (tonight|now|right now)\\b)|"
                  + "(?:\\b(nobody|no one) survives\\b.{0,60}\\b(i am|now|tonight)\\b)|"
                  + "(?:\\b(walking|going|heading) (down )?to the (railway line|train tracks|tracks|rail line)\\b)|"
                  + "(?:\\b(least painful|painless|quickest|easiest|surest) way to (drown|die|go|do it|hang|bleed)\\b)|"
                  + "(?:\\b(is|are|would) (\\w+ ){1,2}a (bad|good|painful|peaceful|quick) way to go\\b)|"
                  + "(?:\\b(rocks|stones|bricks) in my (backpack|bag|pockets|coat)\\b)|"
                  + "(?:\\bcould (just )?not bother swimming\\b)"),
        .init(id: "going-to-lethal-place", category: .planOrTiming, score: 1,
              pattern: "(?:\\b(i am|i will|i will be|going to|i am going to|i shall|i will just) (going |walking |heading |"
                  + "driving |walk |drive |head |go |getting )?(up |down |out )?(to|up to|down to|onto) the (\\w+ "
                  + "){0,3}(bridge|tracks|overpass|quarry|cliffs?|railway line|gap|switchback|parking garage|"
                  + "roof)\\b.{0,80}\\b(tonight|tomorrow|at daybreak|at first light|at dawn|at sunrise|first night|this "
                  + "weekend|(monday|tuesday|wednesday|thursday|friday|saturday|sunday)|at \\d+|after (that|work|my "
                  + "shift)|then|jump|go in|that is it|surest|for good|not coming back|i have thought it|top level)\\b)|"
                  + "(?:\\b(monday|tuesday|wednesday|thursday|friday|saturday|sunday|tonight|tomorrow|daybreak|first light|"
                  + "dawn|sunrise|noon|lunchtime|\\d+ ?(am|pm)?)\\b.{0,60}\\b(i am|i will|going to|i will be) (going|"
                  + "walking|heading|driving|go|walk|drive|head) (up |down |out )?(to|up to|down to|onto) the (\\w+ "
                  + "){0,3}(bridge|tracks|overpass|quarry|cliffs?|railway line|gap|roof|lake|reservoir|river|sea|pier|"
                  + "woods|forest)\\b)|"
                  + "(?:\\b(lake|sea|ocean|reservoir|river|water|pond)\\b.{0,40}\\b(and )?(walk|walking|go|going) in$)|"
                  + "(?:\\b(walk|walking) to the end of the pier\\b.{0,40}\\b(go in|and go in|that is where|jump)\\b)|"
                  + "(?:\\b(put|putting|drive|driving|drove|going|go|take|taking|run|running) (the |my )?(rig |truck |car |"
                  + "semi |pickup |ute |van )?off (the |a )?(\\w+ ){0,2}(mountain|cliff|switchback|bend|overpass|highway|"
                  + "bridge|guardrail|road at the)\\b)|"
                  + "(?:\\bthrough the guardrail\\b)|"
                  + "(?:\\b(going|go) off at the (\\w+ ){0,2}(switchback|bend|cliff|curve)\\b)|"
                  + "(?:\\bone way (drive|trip|ticket)\\b.{0,60}\\b(off|on purpose|not coming back|leaving my phone)\\b)"),
        .init(id: "engine-in-closed-space", category: .methodOrMeans, score: 1,
              pattern: "(?:\\b(hose|tube|pipe)\\b.{0,30}\\b(tailpipe|exhaust)\\b)|"
                  + "(?:\\b(tailpipe|exhaust)\\b.{0,30}\\b(into|in) the (cab|car|window)\\b)|"
                  + "(?:\\b(car|truck|engine|tractor|ford|chevy|motor)\\b.{0,15}\\b(running|idling)\\b.{0,30}\\b(closed|"
                  + "shut|inside (his|her|the|my) (garage|shed|barn|shop))\\b)|"
                  + "(?:\\b(closed|shut) (garage|shed|barn|shop)\\b.{0,40}\\b(running|idling)\\b)|"
                  + "(?:\\bdoor shut\\b.{0,60}\\brunning\\b)|"
                  + "(?:\\bcharcoal (and|&) (duct )?tape\\b)|"
                  + "(?:\\bplastic bag and (a roll of )?(duct )?tape\\b)|"
                  + "(?:\\bhelium\\b.{0,60}\\bwhat people do with it\\b)|"
                  + "(?:\\b(blew|blow|blowing) the (flame|pilot( light)?) out\\b.{0,40}\\b(shut|close|closed|closing) (all "
                  + ")?the windows\\b)|"
                  + "(?:\\b(bath|tub)\\b.{0,40}\\b(hair ?dryer|hairdryers|toaster|radio|heater)\\b.{0,20}\\b(plugged in|in "
                  + "the water|on the side)\\b)"),
        .init(id: "weapon-at-hand", category: .methodOrMeans, score: 1,
              pattern: "(?:\\b(gun|guns|pistol|handgun|revolver|rifle|shotgun|45|9mm|glock|garand|30 06|service (pistol|"
                  + "revolver|weapon)|firearm|muzzle|barrel)\\b.{0,40}\\b(on my lap|in my lap|across my (knees|lap)|"
                  + "under my chin|in my mouth|to my head|against my (head|temple))\\b)|"
                  + "(?:\\b(muzzle|barrel)\\b.{0,10}\\b(under my chin|in my mouth)\\b)|"
                  + "(?:\\bloaded it\\b.{0,20}\\b(it is )?(on my lap|in my hand|in my lap)\\b)|"
                  + "(?:\\b(holding|sat with|sitting with) (my|the) (\\w+ )?(rifle|gun|pistol|shotgun|revolver) (instead|"
                  + "tonight|again|right now)\\b)|"
                  + "(?:\\b(one|a) (round|bullet|shell) (in the chamber )?(for me|with my name on it)\\b)|"
                  + "(?:\\b(shells?|bullets?|rounds?|ammo)\\b.{0,80}\\bi only need (the )?one\\b)|"
                  + "(?:\\b(dry runs?|practice runs?) (with )?(my |the )?(pistol|gun|rifle|knot|noose|rope)\\b)|"
                  + "(?:\\b(practi[sc]ed|practi[sc]ing) the (knot|noose)\\b)|"
                  + "(?:\\btested the (cord|rope|belt|hook)\\b.{0,60}\\b(hold|take) my weight\\b)|"
                  + "(?:\\b(turning|turn|turned) it on myself\\b)|"
                  + "(?:\\bby my own hand\\b)|"
                  + "(?:\\b(fix|answer|way out|cure|solution) is a bullet\\b)|"
                  + "(?:\\b(rifles?|guns?|pistols?|shotguns?)\\b.{0,60}\\b(the one|one) i am (keeping|saving) for "
                  + "myself\\b)|"
                  + "(?:\\bready for the same thing\\b)|"
                  + "(?:\\b(gun|revolver|pistol|rifle|shotgun)\\b.{0,20}\\band nothing (left|else) (to do|to live for)\\b)|"
                  + "(?:^(the |my )?guns? (is )?loaded$)|"
                  + "(?:\\b(gun|shotgun|rifle|pistol|pills|rope)\\b.{0,80}\\bworking (myself )?up to it\\b)|"
                  + "(?:\\b(i have|got) the means\\b)"),
        .init(id: "whole-supply", category: .overdose, score: 1,
              pattern: "(?:\\b(take|taking|neck|necking|swallow|swallowing|down|downing) (the whole (bottle|lot|box|strip|"
                  + "pack)|the lot)\\b(?! (of wine|of water|of champagne|to|with us|home)))|"
                  + "(?:\\b\(pills)\\b.{0,60}\\b(the whole lot|the lot)\\b)|"
                  + "(?:\\b(\(pills)|bars|henny|boxes)\\b.{0,60}\\b(would|will|is) (that|this|it|they) (do it|do the job|"
                  + "kill)\\b)|"
                  + "(?:\\b(\(pills)|bars)\\b.{0,40}\\b(plus|with|and) (this |the |some )?(\\w+ )?(henny|hennessy|vodka|"
                  + "whiskey|whisky|bourbon|alcohol|wine|booze)\\b.{0,20}\\benough\\b)|"
                  + "(?:\\bthe pills and the (whiskey|vodka|wine|bourbon|booze|whisky)\\b)|"
                  + "(?:\\btonight i (take|will take|am taking) (them|the pills|it)$)|"
                  + "(?:\\b(three|several|different|two|multiple) (different )?(chemists|pharmacies|drugstores|drug "
                  + "stores)\\b.{0,60}\\b(so (nobody|no one)|to get enough|enough (tablets|pills))\\b)|"
                  + "(?:\\b\(pills) i (kept back|saved up|have been saving|stashed|have been holding|been holding)\\b)|"
                  + "(?:\\b(holding|saving|hoarding) my \(pills) for (days|weeks)\\b)|"
                  + "(?:\\b(\(pills)|bottle of \\w+)\\b.{0,20}\\bon the table in front of me\\b)|"
                  + "(?:\\b(\(pills)|drawer|pistol|gun|rope|shaft|bridge|tractor)\\b.{0,80}\\b(as )?(my|a) way out\\b)"),
        .init(id: "drink-poison", category: .overdose, score: 1,
              pattern: "(?:^(i am )?(thinking (of|about)|going to|about to) (drink|drinking) it$)|"
                  + "(?:(?<!rather )(?<!sooner )\\b(will|going to|threaten\\w* to|want to|wanna) drink (the |some "
                  + ")?(bleach|poison|kerosene|antifreeze|weedkiller|weed killer|paraquat|insecticide)\\b)|"
                  + "(?:\\b(bleach|rat poison|poison|weedkiller|weed killer|paraquat|kerosene|antifreeze)\\b.{0,30}\\b(in|"
                  + "and|an) a (cup|glass)\\b(?! of))|"
                  + "(?:\\b(poison|bleach|weedkiller|weed killer|antifreeze|paraquat)\\b.{0,40}\\b(mixed|stirred) (in|"
                  + "into) a (glass|cup)\\b)|"
                  + "(?:\\bi (drank|swallowed|ate|injected) (some of |a load of |loads of )?(the )?(\\w+ ){0,2}(paraquat|"
                  + "weedkiller|weed killer|orchard spray|bleach|antifreeze|insecticide|pesticide|rat poison|kerosene|"
                  + "digoxin)\\b)"),
        .init(id: "poisoning-in-progress", category: .overdose, score: 1,
              pattern: "(?:\\b(baby|babies|toddler|little one|little lad|lad|grandson|granddaughter|grandkid|kid|child|son|"
                  + "daughter|nephew|niece|pamangkin|year old|boy|girl)\\b.{0,60}\\b(ate|eaten|swallowed|drank|chewed( "
                  + "on)?|bit into|got into|got hold of|got some|licked|sucked on|took a swig)\\b.{0,40}\\b(\(pills)|"
                  + "pill (box|organizer|organiser)|dosette( box)?|dishwasher (tablets?|pods?)|laundry (pods?|capsules?|"
                  + "tablets?)|bleach|antifreeze|rat (bait|poison)|bait pellets|kerosene|paraffin|diesel|petrol|gasoline|"
                  + "lamp oil|lighter fluid|weedkiller|weed killer|insecticide|pesticide|paraquat|orchard spray|button "
                  + "batter(y|ies)|cigarettes?|nicotine|vape (juice|liquid)|patch(es)?|calpol|digoxin|vitamins?|"
                  + "iron)\\b)|"
                  + "(?:\\b(ate|eaten|swallowed|drank|drunk|chewed( on)?|bit into|took a swig (from|of)|swigged|"
                  + "sniffed)\\b.{0,40}\\b(dishwasher (tablets?|pods?)|laundry (pods?|capsules?|tablets?)|bleach|"
                  + "antifreeze|rat (bait|poison)|bait pellets|kerosene|paraffin|diesel|petrol|gasoline|lamp oil|lighter "
                  + "fluid|weedkiller|weed killer|insecticide|pesticide|paraquat|orchard spray|button batter(y|ies)|"
                  + "nicotine|vape (juice|liquid)|sniper)\\b)|"
                  + "(?:\\bgot into (my|his|her|the|\\w+s) (\\w+ ){0,2}(\(pills)|pill (box|organizer|organiser))\\b)|"
                  + "(?:\\b(berries|mushrooms)\\b.{0,60}\\b(shaky|sweat\\w*|dizzy|confused|slurr\\w*|sleepy|drowsy|pulse|"
                  + "heart (is |feels )?(racing|slow|really slow)|throwing up|vomit\\w*|sick|not making sense|will not "
                  + "make sense|coming out wrong|chest hurts|seeing yellow|passed out|pale|can not wake|unresponsive|"
                  + "breathing|drooling|coughing|gagging|foaming|cramps|not responding|fitting|seizure)\\b)|"
                  + "(?:\\b(pill|vitamin|medicine|calpol|tablet|tylenol|paracetamol)\\w* (bottle|box|packet|pack|strip|"
                  + "organizer|organiser)\\b.{0,30}\\b(empty|is empty|are empty|all gone)\\b)|"
                  + "(?:\\b(took|taken|did|done|injected|gave|given|had|put|mixed up)\\b.{0,20}\\b(double|twice|too much|"
                  + "too many|two doses|an extra dose|four|five|several|a pile of)\\b.{0,25}\\b(\(pills)|heart|shots|"
                  + "patches|doses?|medicine|adderall)\\b.{0,100}\\b(shaky|sweat\\w*|dizzy|confused|slurr\\w*|sleepy|"
                  + "drowsy|pulse|heart (is |feels )?(racing|slow|really slow)|throwing up|vomit\\w*|sick|not making "
                  + "sense|will not make sense|coming out wrong|chest hurts|seeing yellow|passed out|pale|can not wake|"
                  + "unresponsive|breathing|drooling|coughing|gagging|foaming|cramps|not responding|fitting|seizure)\\b)|"
                  + "(?:\\b(\(pills)|shots?|doses?|patches)\\b.{0,20}\\b(twice|double)\\b.{0,100}\\b(shaky|sweat\\w*|dizzy|"
                  + "confused|slurr\\w*|sleepy|drowsy|pulse|heart (is |feels )?(racing|slow|really slow)|throwing up|"
                  + "vomit\\w*|sick|not making sense|will not make sense|coming out wrong|chest hurts|seeing yellow|"
                  + "passed out|pale|can not wake|unresponsive|breathing|drooling|coughing|gagging|foaming|cramps|not "
                  + "responding|fitting|seizure)\\b)|"
                  + "(?:\\b(lips (are|turned|going) blue|hardly breathing|barely breathing|not breathing|not responding|is "
                  + "not responding|unresponsive|unconscious|passed out|fitting|having a seizure|snoring strange|snoring "
                  + "funny|will not wake|can not wake)\\b.{0,100}\\b(fentanyl|patch(es)?|needle|syringe|\(pills)|heroin|"
                  + "ket|ketamine|gas canister|nitrous|drugs|spice|bars|taken something|took something)\\b)|"
                  + "(?:\\b(fentanyl|patch(es)?|needle|syringe|heroin|ket|ketamine|gas canister|nitrous|drugs|spice|bars|"
                  + "taken something|took something|mixed)\\b.{0,100}\\b(lips (are|turned|going) blue|hardly breathing|"
                  + "barely breathing|not breathing|not responding|is not responding|unresponsive|unconscious|passed out|"
                  + "fitting|having a seizure|snoring strange|being sick)\\b)|"
                  + "(?:\\b(anhydrous|ammonia|chlorine|fumes)\\b.{0,60}\\b(can not catch (his|her|my) breath|coughing bad|"
                  + "can not breathe)\\b)|"
                  + "(?:\\b(closed|shut) (garage|shed|barn|shop)\\b.{0,60}\\b(headache|confused|dizzy|sick)\\b)"),
        .init(id: "farewell-arrangements", category: .preparatoryBehaviour, score: 1,
              pattern: "(?:\\b(thinks|think|told (her|him|them)) it is (for|just for) (a|the) (week|weekend|few days|"
                  + "while)\\b.{0,20}\\bit is (for good|forever|permanent)\\b)|"
                  + "(?:\\bfeed (the|my) (cat|dog)\\b.{0,20}\\bfrom tomorrow on\\b)|"
                  + "(?:\\b(goodbye|letters?|photos|tidy\\w*|sorting|giving|gave|calling|one more time|peace|in order|"
                  + "settled|voices)\\b.{0,80}\\bbefore i (go|do it)$)|"
                  + "(?:\\b(after|when|once) i am (not here|gone|no longer here|not around)\\b(?! (on|for|to|away|out|at|"
                  + "till|until|this|next|over|from)))|"
                  + "(?:\\bsort (my|out my) (\\w+ ){0,2}(out )?after$)|"
                  + "(?:\\bopen after$)|"
                  + "(?:\\bif (something|anything) (ever )?happens to me\\b.{0,40}\\b(something will|this week|i did not|i "
                  + "was not joking|i meant it)\\b)|"
                  + "(?:\\b(wrote|written|writing|write) (\\w+ ){0,4}(letters?|notes?)\\b.{0,60}\\b(a different one|with "
                  + "their names on|for each)\\b)|"
                  + "(?:\\b(wrote|written|writing|write) (the kids|my kids|each of (the|my) \\w+|every one of (the|my) "
                  + "\\w+|everyone) "
                  + "(each )?a (letter|note)\\b)|"
                  + "(?:\\b(written|wrote|writing) my own (eulogy|obituary)\\b)|"
                  + "(?:\\b(laid|laying) (my )?(good |best )?suit out\\b.{0,60}\\bfuneral\\b)|"
                  + "(?:\\bpressed for the funeral\\b)|"
                  + "(?:\\b(recorded|wrote|written|scheduled) goodbye (voice notes|messages|letters|videos|texts|notes|"
                  + "emails) (for|to) (everyone|everybody|all of them|my family|the family|each)\\b)|"
                  + "(?:\\bthe last thing (people|they|everyone) (see|will see|hear)\\b)|"
                  + "(?:\\b(grave|cemetery)\\b.{0,60}\\b(be seeing (him|her|them|you) soon|see (him|her|them|you) soon|"
                  + "join (him|her|them|you) soon)\\b)|"
                  + "(?:\\bthere (is not|will not be|is no) (going to be )?(a )?next (week|month|year|time)\\b)|"
                  + "(?:\\benvelope (marked|addressed|labelled|labeled) (for )?the (police|coroner)\\b)|"
                  + "(?:\\b(last|only) (thing|one|reason) (that was |that is )?(keeping|holding) me (here|going|alive)\\b)|"
                  + "(?:\\bthere is nothing (left )?(keeping|holding) me here( anymore| now)?$)|"
                  + "(?:\\bfirst time\\b.{0,40}\\blast time( too)?$)|"
                  + "(?:\\bone (more|last) time before i (go|die|leave)\\b|\\bhear (their|your|his|her) voices? one (more|"
                  + "last) time\\b)|"
                  + "(?:\\b(kids|family|wife|husband|them) (stuck|left) (doing|sorting|dealing with|cleaning) (it|this|"
                  + "that|everything) after$)|"
                  + "(?:\\bso (my|the) (\\w+ ){1,2}(will not|would not|does not|do not) have (a|any) mess to clean\\b)|"
                  + "(?:\\bless for (\\w+ ){1,2}to (have to )?(sort|clean|deal with)( through)?( later| after)?$)|"
                  + "(?:\\bif i (pass away|die|am gone)\\b.{0,40}\\b(this week|by friday|sorted this week|before (the "
                  + ")?weekend)\\b)|"
                  + "(?:\\bpasswords\\b.{0,40}\\bafter$)|"
                  + "(?:\\btell (everyone|them all|my (kids|family|wife|husband|mum|mom|dad|son|daughter)) (i am|he is|she "
                  + "is|i loved|that i loved) (sorry|them|her|him)\\b)|"
                  + "(?:\\b(tell|let) my (kids|wife|husband|family|mum|mom|son|daughter|boys|girls) (know )?i loved (them|"
                  + "her|him)\\b)"),
        .init(id: "timed-exit", category: .planOrTiming, score: 1,
              pattern: "(?:\\b(that day|that night|(monday|tuesday|wednesday|thursday|friday|saturday|sunday)( night)?) i "
                  + "(will|am going to) (go|be gone)$)|"
                  + "(?:\\bafter that i will (go|be gone)\\b.{0,30}\\b(timed|planned|all set|worked out)\\b)|"
                  + "(?:\\b(is going to|going to|will) be my day too\\b|\\bmy day too$)|"
                  + "(?:\\bthe plan goes ahead\\b)|"
                  + "(?:\\b(pier|bridge|cliff|cliffs|edge|tracks)\\b.{0,40}\\bthat is where it (finishes|ends)\\b)|"
                  + "(?:\\b(where and how|how and where|when and how|how and when) (is|are|it is) (decided|planned|sorted|"
                  + "worked out)\\b)|"
                  + "(?:\\btake care of it for good\\b)|"
                  + "(?:\\bdrunk (then|and) do the rest\\b)|"
                  + "(?:\\b(not|do not|don't) (plan|planning|intend|intending|expect|expecting) (on |to )?(be|being) "
                  + "(around|here|alive)\\b)|"
                  + "(?:\\bnot planning (on|to) (see|seeing) (tomorrow|the morning|christmas|another)\\b)|"
                  + "(?:\\bnot planning on (sticking|staying) around\\b|\\bnot (be|being) around by the end of\\b)|"
                  + "(?:\\b(nobody|no one|nobodyll)( will| is going to| would)? (check on|find|notice|miss|look for) me "
                  + "(till|until|for (days|a week|\\w+ days))\\b)|"
                  + "(?:\\bi will be in the (barn|shed|garage|woods|loft|attic) with the (rope|gun|rifle|shotgun|pills|"
                  + "hose)\\b)|"
                  + "(?:\\bropes? (is |are )?already (tied|in|up|hung)\\b|\\bropes? (is )?in the (barn|shed|garage|shop|"
                  + "loft) already\\b|\\bropes? (is )?(already )?tied off\\b)|"
                  + "(?:\\b(with|and) (a|the) rope tonight\\b|\\b(going|went|goes|keeps going) (out )?to the (shed|barn|"
                  + "woods|garage) with (a|the) rope\\b)|"
                  + "(?:\\b(rope|cord|belt|dupatta|scarf|noose)\\b.{0,80}\\b(looking at|eyeing|staring at|stare at|staring "
                  + "contest)\\b.{0,20}\\b(beam|rafters?|hook|ceiling fan|banister|loft hatch)\\b)|"
                  + "(?:\\b(looking at|eyeing|staring at|stare at|staring contest with)\\b.{0,20}\\b(beam|rafters?|hook|"
                  + "ceiling fan|banister|loft hatch)\\b.{0,80}\\b(rope|cord|belt|dupatta|scarf|noose)\\b)|"
                  + "(?:\\b(eyeing|staring at|looking at) the (\\w+ ){0,2}(beam|rafters?|hook)\\b.{0,10}\\bagain\\b)|"
                  + "(?:\\b(oak|tree|beam|rope|clothesline|cord)\\b.{0,60}\\bwhat i could do with (it|them)\\b)"),
        .init(id: "quiet-wish", category: .passiveIdeation, score: 1,
              pattern: "(?:\\b(hoping|hope|wish|wishing|praying|pray) (that )?(each|every|this|tonight|the next) night "
                  + "(will be|is|would be|be) (the|my) last\\b)|"
                  + "(?:\\bwish\\w* i (had |would have |would |could )?(die|died) (first|with (her|him|them))\\b)|"
                  + "(?:\\bwish\\w* i (had|would have|would) gone with (her|him|them)$)|"
                  + "(?:\\b(would not|wouldnt) (mind|bother me)( any| at all| much)? if (a|the|that|my) (\\w+ ){0,3}(hit|"
                  + "rolled over on|rolled on|fell on|came down on|killed|took) me\\b)|"
                  + "(?:\\bon me\\b.{0,40}\\bsave me the trouble\\b)|"
                  + "(?:\\b(ask|asking|beg|pray) (god|the lord|him) (not to|to not) (wake|let me wake) me\\b)|"
                  + "(?:\\b(heart|lungs) (would |will )?(just )?(stop|stops) on (its|their) own\\b|\\bhoping my heart "
                  + "(just )?stops\\b)|"
                  + "(?:\\bif i died in my sleep\\b.{0,30}\\b(good|fine|ok|okay|relief|better|would not mind)\\b)|"
                  + "(?:\\b(welcome|would welcome) a (heart attack|stroke|car crash)\\b)|"
                  + "(?:\\bsleep(ing)? (clean |right )?(through )?to forever\\b|\\bsleep (very )?long and not (to "
                  + ")?wake\\b)|"
                  + "(?:\\b(nobody|no one|nobodyd)( would)? (notice|care|miss me|even notice) if i (was|were) (gone|dead|"
                  + "not here)\\b)|"
                  + "(?:\\bi am next\\b.{0,20}\\b(alright|all right|ok|okay|fine|good) with that\\b)|"
                  + "(?:\\bif (it|the plane|we) (goes|went|go) down\\b.{0,20}\\b(fine by me|would not mind|good|ok with "
                  + "me)\\b)|"
                  + "(?:\\bghost\\b.{0,40}\\bmight as well be one\\b)|"
                  + "(?:\\b(want|waan|wan)\\b.{0,10}\\b(di |the )?lord (to )?come (tek|take) me\\b|\\blord i am ready "
                  + "whenever you are\\b)|"
                  + "(?:\\bit (would be|would) a mercy if i (went|died|was gone|passed) (first|before)\\b)|"
                  + "(?:\\bthe lucky ones\\b.{0,60}\\b(join|joining) them\\b)|"
                  + "(?:\\b(memorial day|veterans day|anzac day|remembrance)\\b.{0,60}\\b(join|joining) the (guys|boys|"
                  + "lads|fellas)\\b)|"
                  + "(?:\\b(nuh|no|not) (waan|wan) (to )?live (again|anymore|no more)\\b)|"
                  + "(?:\\bwant to join my (mum|mom|mother|dad|father|wife|husband|son|daughter|brother|sister)$)|"
                  + "(?:\\bgoing to join (mum|mom|dad|my (mum|mom|dad|wife|husband))$)"),
        .init(id: "settled-intent", category: .intent, score: 1,
              pattern: "(?:\\bthere is no talking me out of it\\b)|"
                  + "(?:\\bthought (it|about it) (over )?(long enough|enough)\\b.{0,20}\\bi am (going|doing it|done)\\b)|"
                  + "(?:\\b(checking|check) out for real\\b)|"
                  + "(?:\\b(tek|take) (mi|me) own life\\b)|"
                  + "(?:\\bleaving for good\\b.{0,30}\\b(this world|not the house)\\b)|"
                  + "(?:\\bmake it (all )?stop\\b.{0,20}\\bfor good( this time)?\\b)|"
                  + "(?:\\bone last patrol\\b|\\bnot coming back from this one\\b)|"
                  + "(?:\\b(order|voice|thought) in my head is to (end it|die|kill)\\b)|"
                  + "(?:\\bone last time\\b.{0,30}\\bnot (bringing|coming|swimming) (it )?back\\b)|"
                  + "(?:\\b(thinking about|think about|considering) checking out( on my own)?$)|"
                  + "(?:\\bgo(ing)? quiet with (my|a|the) (\\w+ ){0,2}(pistol|gun|rifle|revolver)\\b)|"
                  + "(?:\\bonly way to stop it\\b.{0,40}\\bstop everything\\b)"),
        .init(id: "self-harm-present", category: .selfHarm, score: 1,
              pattern: "(?:\\b(burn\\w*|scald\\w*|cut|cutting|punch\\w*|hit|hitting|poured .{0,20}on) (myself|my (hand|"
                  + "hands|arm|arms|leg|legs|wrist|wrists|thigh|thighs|skin|stomach))\\b.{0,40}(?<!not )\\bon "
                  + "purpose\\b)|"
                  + "(?:(?<!not )\\bon purpose\\b.{0,40}\\b(blister\\w*|bleed\\w*)\\b)|"
                  + "(?:\\b(dig|digging|dug|jab\\w*|stab\\w*|press\\w*) (my |a |the )?(pocketknife|pocket knife|knife|"
                  + "blade|razor|nails|compass|needle|pen)\\b.{0,10}\\binto my\\b)|"
                  + "(?:\\b(scratch\\w*|carv\\w*|cutting) (lines|words|marks|\\w+) into my (skin|arm|arms|thigh|thighs|leg|"
                  + "legs|wrist|wrists)\\b)|"
                  + "(?:\\b(skin|arm|arms|hands?|wrists?|thighs?|legs?)\\b.{0,50}\\b(till|until) (it|they) (bleeds?|bleed|"
                  + "scald|blister)\\b)|"
                  + "(?:\\b(urge|urges)\\b.{0,50}\\b(i am about to|about to|going to give in)\\b)|"
                  + "(?:\\bpunch\\w* (my|myself in the) (stomach|face|head|legs|arms)\\b.{0,30}\\b(deserve|hate)\\b)|"
                  + "(?:\\b(took|take|taking) (the |a |my )?(pencil )?sharpener apart\\b)"),
        .init(id: "others-final-signs", category: .thirdParty, score: 1,
              pattern: "(?:\\b(sent|texted|posted) (me )?a (photo|picture|pic) of (a |his |her )?(loaded (gun|pistol|rifle|"
                  + "shotgun)|noose|pills)\\b)|"
                  + "(?:\\b(sorry|goodbye|loves? me|love you)\\b.{0,80}\\b(he|she|they) (has )?tried (once |it |twice "
                  + ")?before\\b)|"
                  + "(?:\\b(will not|not) be a (problem|burden) (much|for much) longer\\b)|"
                  + "(?:\\bdrew (herself|himself|themselves|a picture of (herself|himself)) (hanging|dead|with a (gun|"
                  + "knife|rope))\\b)|"
                  + "(?:\\b(sitting|sat|standing|stood) on the (edge|side) of the (bath|tub|bed|roof|"
                  + "bridge)\\b.{0,30}\\b(razor|blade|knife|pills|gun)\\b)|"
                  + "(?:\\bkeeps? asking for (his|her) (shotgun|gun|rifle|pistol|pills|meds) back\\b)|"
                  + "(?:\\btalk\\w* about finishing it\\b)|"
                  + "(?:\\b(said|says|rang|called)\\b.{0,30}\\b(standing|sitting|stood) on the (roof|ledge|bridge|"
                  + "edge)\\b)|"
                  + "(?:\\b(will|is going to|going to|would) walk into the (sea|ocean|river|lake|water)\\b)|"
                  + "(?:\\b(texted|messaged) (me )?(look after|take care of|feed) (\\w+ ){1,2}for me$)|"
                  + "(?:\\b(texted|messaged|rang|voicemail)\\b.{0,30}\\bsorry\\b.{0,40}\\b(phone is off|phones off|phones "
                  + "switched off|not answering|will not answer|can not reach|switched off)\\b)|"
                  + "(?:\\b(left|went out|drove off)\\b.{0,30}\\bwith (his|her) (pistol|gun|rifle|"
                  + "shotgun)\\b.{0,40}\\b(goodbye|bottle|will not answer|not answering)\\b)|"
                  + "(?:\\b(gave|given) (his|her) (dogs?|cats?|horses?|guns?|rifles?|medals) away\\b)"),

        // Written from the development sets crisis-6a and 6b (2026-11-27): young women, new mothers and students;
        // speech transcribed by a smart speaker.
        .init(id: "high-place-booked", category: .planOrTiming, score: 1,
              pattern: "(?:\\b(high|top|\\w+(th|st|nd|rd)) floor\\b.{0,60}\\b(windows? (there )?(open|opens)|that is it|"
                  + "jump)\\b)|"
                  + "(?:\\bhotel room on a high floor\\b)|"
                  + "(?:\\bmapped (the|my) (walk|route|drive)\\b.{0,40}\\b(bridge|tracks|cliff|quarry|overpass|roof)\\b)|"
                  + "(?:\\bthe plan is the (reservoir|bridge|lake|river|tracks|pills|rope|gun|quarry|roof|sea|ocean)\\b)|"
                  + "(?:\\btaking the (truck|car|boat) (up |down |out )?to the (quarry|cliffs?|bridge|reservoir|lake)\\b)|"
                  + "(?:\\b(could not|couldnt|can not|would not) swim back\\b)|"
                  + "(?:\\bwhere i belong for good\\b)|"
                  + "(?:\\b(a|the|my) plan and the means\\b)"),
        .init(id: "final-arrangements-2", category: .preparatoryBehaviour, score: 1,
              pattern: "(?:\\b(when|after|before) (she|he|they|someone|somebody|my \\w+) finds? me\\b)|"
                  + "(?:\\b(schedule|scheduled|set up)\\b.{0,40}\\b(email|message|text|video)\\b.{0,60}\\bgoodbye\\b)|"
                  + "(?:\\bgoodbye to (my|the) (family|kids|wife|husband|friends)\\b.{0,60}\\b(schedule|send after|"
                  + "after)\\b)|"
                  + "(?:\\bsince i (will not|am not going to) be (there|here|around) for\\b)|"
                  + "(?:\\bit is not just in case\\b)|"
                  + "(?:\\bdeleted (all )?my (socials|accounts|social media)\\b.{0,40}\\b(note|letter|goodbye)\\b)|"
                  + "(?:\\b(life insurance|insurance)\\b.{0,60}\\b(pay out|pays out|cover|covers)\\b.{0,40}\\b(after (two|"
                  + "2) years|suicide)\\b)|"
                  + "(?:\\bchanged the beneficiary\\b.{0,60}\\b(cremation|funeral)\\b)|"
                  + "(?:\\brope and (the |a )?(ladder|step ?stool|stool|chair)\\b)"),
        .init(id: "joining-the-dead", category: .intent, score: 1,
              pattern: "(?:\\b(going to|gonna|i will|i am going to) join (her|him|them|my \\w+)\\b.{0,40}\\b(worked out|"
                  + "planned|got it|soon|tonight)\\b)|"
                  + "(?:\\b(going to|gonna) be with (mom|dad|mum|my \\w+|her|him) soon\\b)|"
                  + "(?:\\busing the (rope|gun|pills|pistol|shotgun)\\b)|"
                  + "(?:\\btaps\\b.{0,40}\\bfor me\\b|\\bit is my turn\\b)|"
                  + "(?:\\bplanning on not being (around|here|alive)\\b)|"
                  + "(?:\\bif something happened to me\\b.{0,40}\\b(would not be sad|would not mind|fine|good|relief)\\b)|"
                  + "(?:\\b(stop|stopping) (food and water|eating and drinking)\\b.{0,40}\\buntil it is (all )?over\\b)"),
        .init(id: "home-means-2", category: .methodOrMeans, score: 1,
              pattern: "(?:\\bbleach\\b.{0,30}\\bammonia\\b.{0,80}\\b(closed|small) (room|closet|bathroom)\\b)|"
                  + "(?:\\b(scratch\\w*|pick\\w*)\\b.{0,40}\\b(wrist|arm|skin)\\b.{0,40}\\buntil it (opens|bleeds)\\b)|"
                  + "(?:\\bpunch\\w* (the )?(walls?|tiles|doors?|mirror)\\b.{0,60}\\b(knuckles|bleed\\w*|split)\\b)|"
                  + "(?:\\b(took|swallowed|taken) (two|three|four|a|\\w+) (weeks?|days?|months?) (worth )?of (my|his|her) "
                  + "\\w+)|"
                  + "(?:\\bgot into (something|stuff) under the sink\\b)|"
                  + "(?:\\b(child|baby|toddler|son|daughter|kid|year old|month old)\\b.{0,60}\\b(drank|swallowed|ate|got "
                  + "into)\\b.{0,40}\\b(eucalyptus oil|essential oil|tea tree oil|oven cleaner|drain cleaner|mouthwash|"
                  + "hand sanitizer|nail polish remover)\\b)|"
                  + "(?:\\bi (ate|swallowed|drank) (a bunch of|a handful of|some of) (the )?(\\w+ ){0,2}(rat poison|poison|"
                  + "pellets|bait|bleach|antifreeze)\\b)|"
                  + "(?:\\b(took|taken) something\\b.{0,60}\\b(seizing|fitting|not breathing|unresponsive|turning "
                  + "blue)\\b)|"
                  + "(?:\\b(called|rang|texted)\\b.{0,40}\\b(standing|sitting) on (a|the) (bridge|roof|ledge)\\b)"),

        // Written from the development sets crisis-7a and 7b (2026-11-27): people aged 65-95 and their carers; men
        // 18-50 in bravado and slang.
        .init(id: "weapon-ready", category: .methodOrMeans, score: 1,
              pattern: "(?:\\b(rifles?|shotguns?|pistols?|guns?|sidearm|revolver|handgun|45|m9|webley|12 gauge|glock)\\b"
                  + "(?! (safe|cabinet|case|range|club|show|shop|store|licence|license|cleaning|course|class|season))"
                  + ".{0,40}\\b(is |are )?(loaded|out (on|again)|out too|on the (kitchen |dining )?table|next to (the|my) "
                  + "bed|by (the|my) bed|in my (lap|pocket|dressing gown pocket|center console|console|glovebox))\\b"
                  + "(?!.{0,40}\\b(for (the )?(hunt|hunting|season|range|opening day|deer season|morning)|to (clean|sell|"
                  + "hand in)|locked)))|"
                  + "(?:\\b(rifle|shotgun|pistol|gun|12 gauge|45)\\b.{0,30}\\b(looking|looks) (real |really |so |very )?"
                  + "(friendly|good|tempting|inviting)\\b)|"
                  + "(?:\\bkeep (my|the) (sidearm|pistol|gun|rifle|shotgun|45|deer rifle|hunting rifle) (close|closer|near|"
                  + "handy|next to (the|my) bed|by (the|my) bed)\\b)|"
                  + "(?:\\b(ammo|bullets?|rounds?|shells?|one box)\\b.{0,60}\\bonly (need|needed|needs) (the )?one\\b)|"
                  + "(?:\\bkeep (the|my) (pistol|gun|handgun|revolver|rifle|45) in (the|my) (center console|console|"
                  + "glovebox|nightstand)\\b.{0,40}\\b(now|in case|decide)\\b)|"
                  + "(?:\\b(ammo|gun|pistol|rifle|pills|rope)\\b.{0,60}\\bdoing the maths?\\b)|"
                  + "(?:\\b(sitting|sat|parked) (in|outside) (my|the) (car|truck)\\b.{0,60}\\bwith (my|a|the) (45|gun|pistol|"
                  + "rifle|shotgun|glock|revolver)\\b)|"
                  + "(?:\\b(had enough|done)\\b.{0,80}\\b(knife|gun|pistol|rifle) (sharpened|loaded)\\b)|"
                  + "(?:\\b(says|said) (it is|its) for the (pigeons|rats|foxes|rabbits|crows)\\b.{0,60}\\b(has not|had not|"
                  + "not) (been )?(shooting|hunting|used it)\\b)"),
        .init(id: "means-not-for-that", category: .methodOrMeans, score: 1,
              pattern: "(?:^(it is |its |and |but )?not (asking )?for (deer|hunting|rats|mice|the rats|pigeons|the "
                  + "pigeons|swimming|partying|the party|fun|the garden|the weeds|the truck)$)|"
                  + "(?:\\b(antifreeze|rat poison|weedkiller|weed killer|hose ?pipe|charcoal|helium|rope|pellets)\\b.{0,60}"
                  + "\\b(my (truck|car) did not need|did not need any|have not had a (garden|car)|not for (rats|mice|the "
                  + "garden|the car))\\b)|"
                  + "(?:\\b(stronger|strongest|more lethal|deadlier)\\b.{0,60}\\b(that is why i (bought|got|wanted) it|why i "
                  + "(bought|got) it)\\b)|"
                  + "(?:\\bnot (to|for) (party|partying)$)|"
                  + "(?:\\bi could take them all (in one go|at once|together)\\b)|"
                  + "(?:\\b(what|how) (number|many) of (the|my|these) \\w+ (is|are|would be) too many\\b)|"
                  + "(?:\\bwhat happens if i keep pressing\\b)|"
                  + "(?:\\b(insulin|pills|tablets|gun|rope|gas)\\b.{0,20}\\bwould be the (easiest|simplest|quickest|"
                  + "cleanest) way\\b)|(?:\\bnobody would (question|suspect)\\b)|"
                  + "(?:\\b(weedkiller|weed killer|poison|antifreeze|bleach|paraquat)\\b.{0,60}\\b(think|thinking|thought) "
                  + "about (drinking|swallowing|eating) it\\b)|"
                  + "(?:\\b(turned|turn|turning) (it |the gas )?on and (did not|do not|not) light\\b)|"
                  + "(?:\\bplastic (bag|cover|sheet)\\b.{0,90}\\b(keep|kept) (looking|staring) at it\\b)"),
        .init(id: "hanging-point", category: .methodOrMeans, score: 1,
              pattern: "(?:\\b(beam|ceiling fan|rafters?|banister|door frame|loft hatch|hook)\\b.{0,40}\\bhold (my|the|his|"
                  + "her) weight\\b)|"
                  + "(?:\\b(tested|testing|checked) the (rope|strap|tow strap|cord|belt|beam)\\b)|"
                  + "(?:\\b(rope|tow strap|strap|cord|belt)\\b.{0,30}\\bstrong enough\\b)|"
                  + "(?:\\blooking up at the (beam|rafters?|hook|loft beam|ceiling fan)\\b)|"
                  + "(?:\\bpractic\\w* (tying )?(the|a) (knot|noose)\\b)"),
        .init(id: "edge-and-road", category: .methodOrMeans, score: 1,
              pattern: "(?:\\bleaning over the (balcony|rail|railing|edge|ledge)\\b)|"
                  + "(?:\\b(window|balcony|ledge|floor)\\b.{0,60}\\b(i have tested it|further each time)\\b)|"
                  + "(?:\\bhoping i (lose it|crash|do not make it|do not come back|wreck|hit something)\\b)|"
                  + "(?:\\bwith the headlights off\\b)|"
                  + "(?:\\b(walking|walk|walked) (toward|towards|onto|to) the (tracks|rails|edge)\\b)|"
                  + "(?:\\b(can not stop|keep) thinking about the (cold water|bridge|tracks|drop|rope|gun)\\b)"),
        .init(id: "saved-up-medicine", category: .preparatoryBehaviour, score: 1,
              pattern: "(?:\\b(saving|saved|save) (it|them|(her|his|my) (\\w+ )?(tablets|pills|meds)) up\\b)|"
                  + "(?:\\b(putting|put|setting|set) (half|some|a few|them|a couple) (aside|away)\\b.{0,40}\\b(jar|tin|box|"
                  + "drawer|bag)\\b)|"
                  + "(?:\\bkept every (tablet|pill|one)\\b)|"
                  + "(?:\\b(packets|boxes|bottles) (of \\w+ )?hidden\\b)|"
                  + "(?:\\b(extra|more) (pills|tablets|prescriptions?|scripts) from (two|three|four|several|different) "
                  + "(different )?doctors\\b)|(?:\\balmost (got|have) enough\\b)|"
                  + "(?:\\btold the doctor i lost my prescription\\b)|"
                  + "(?:\\b(prescription|pills|tablets|doctor)\\b.{0,80}\\b(quite a|a good|a big) (supply|stash)\\b)"),
        .init(id: "plan-set", category: .planOrTiming, score: 1,
              pattern: "(?:\\bthat is (where|when) it is (happening|going to happen)\\b)|"
                  + "(?:\\bthat is (my|the) (date|day)$)|"
                  + "(?:\\bgot it down to the (hour|minute|day)\\b)|"
                  + "(?:\\b(moving|moved|push|pushed|pushing|keep moving) the (day|date) back\\b)|"
                  + "(?:\\b(monday|tuesday|wednesday|thursday|friday|saturday|sunday|tonight|tomorrow)( night)?s? (is )?it$)|"
                  + "(?:\\bfigured (it|everything) (all )?out\\b.{0,40}\\b(bridge|tracks|cliffs?|quarry|overpass|roof|woods|"
                  + "gun|rope|pills)\\b)|"
                  + "(?:\\b(notice|miss) one more (guy|person|man|woman)\\b)|"
                  + "(?:\\bnobody (goes|will go|comes) (back )?(there|out there|up there)\\b.{0,40}\\b(morning|night|"
                  + "tonight|tomorrow|monday|tuesday|wednesday|thursday|friday|saturday|sunday)\\b)|"
                  + "(?:\\b(finds|find|found) me\\b.{0,20}\\bnot (my|the) (kids|wife|husband|children|son|daughter)\\b)|"
                  + "(?:\\b(before|until) (anybody|anyone|somebody|someone) finds me\\b)|"
                  + "(?:\\btake the (pills|tablets)\\b.{0,40}\\b(while|when) (everyone|everybody|they|she|he) (is|are) "
                  + "(at|out|away|gone)\\b)|"
                  + "(?:\\b(going to|will|plan is to) take (the|all the|every one of the) (pills|tablets)$)|"
                  + "(?:\\btake everything in the (bottle|cabinet|packet|box)\\b)|"
                  + "(?:\\b(i am going to|going to|i will|plan is to|plan to) walk (out )?into the (sea|ocean|water|river|"
                  + "lake|estuary|surf|waves)\\b)|"
                  + "(?:\\bone (last|more|final) (sunrise|sunset)\\b|\\bwant to see one more$)|"
                  + "(?:\\b(insurance|policy)\\b.{0,60}\\b(waiting period|suicide clause|contestability)\\b)|"
                  + "(?:\\b(kids|wife|family|children) (get|gets) (paid out|the (insurance|payout))\\b)|"
                  + "(?:\\bbottom of the (quarry|lake|river|cliff)\\b.{0,30}\\b\(timing)\\b)|"
                  + "(?:\\b(need|got|have) to be at the (bridge|tracks|cliffs?|overpass|quarry|viaduct)\\b)|"
                  + "(?:\\beverything is (ready|set|in place) in the (bedroom|bathroom|garage|shed|car)\\b)|"
                  + "(?:\\bonly (bought|got|booked) a (single|one way)\\b)|"
                  + "(?:\\b(do not|never) want to see another (monday|tuesday|wednesday|thursday|friday|saturday|sunday|"
                  + "morning|sunrise|christmas|birthday)\\b)|"
                  + "(?:\\b(tomorrow|tonight) at (high|low|ebb) tide\\b)|"
                  + "(?:\\b(taxi|cab|uber|bus|train|lift|ride) to the (bridge|cliffs?|quarry|tracks|viaduct|overpass)\\b)|"
                  + "(?:\\b(paid|payments?)\\b.{0,40}\\bthen i am (going|gone|done)$)|"
                  + "(?:\\b(died|passed|death|gone)\\b.{0,60}\\bto be with (her|him|them)( again)? (by|tonight|tomorrow|"
                  + "soon)\\b)"),
        .init(id: "affairs-settled", category: .preparatoryBehaviour, score: 1,
              pattern: "(?:\\bpaid (child support|rent|the bills?|everything|the mortgage) (\\w+ ){0,3}ahead\\b)|"
                  + "(?:\\bcancell?ed my phone plan\\b)|"
                  + "(?:\\bnotes?\\b.{0,60}\\btook me\\b.{0,20}\\bto get it right\\b)|"
                  + "(?:\\bonly reason i am buying (it|one|a gun)\\b)|"
                  + "(?:\\bnothing (bounces|falls) on (my|her|him)\\b)|"
                  + "(?:\\b(deserves it more|will not need it|do not need it anymore)\\b.{0,60}\\bknows? something\\b)|"
                  + "(?:\\bpretty sure (he|she|they) knows? something(s| is) up\\b)|"
                  + "(?:\\b(need|needs) to get into (the|my) (place|house|flat|apartment) after\\b)|"
                  + "(?:\\b(gave notice|lease|not signing)\\b.{0,60}\\bnot moving anywhere\\b)|"
                  + "(?:\\bwho gets what\\b.{0,60}\\b(goes|go) to\\b)|"
                  + "(?:\\b(gets|get|reads|sees|opens|finds) (it|them|this|the letter|the email) after$)|"
                  + "(?:\\b(hear|talk to) (them|him|her|their voices?|his voice|her voice) (one (more|last) time)\\b)|"
                  + "(?:\\bwanted the (house|place|flat|apartment) empty\\b)|"
                  + "(?:\\b(gave|giving|given) (away )?(my|his|her) (cat|dog|dogs|cats|pets?|horse|parrot|bird)\\b.{0,80}"
                  + "\\bnot true\\b)|"
                  + "(?:\\b(paid|debt|owe)\\b.{0,80}\\blast thing on (the|my) list\\b)|"
                  + "(?:\\binstructions for my (wife|husband|kids|family)\\b.{0,80}\\b(insurance|papers|who to call)\\b)|"
                  + "(?:\\bwhere the (important |insurance )?papers are\\b.{0,80}\\b(who to call|when (i am|he is|she is) "
                  + "gone)\\b)|"
                  + "(?:\\bpays? out no matter how\\b)|"
                  + "(?:\\bwanted (it|this|that|everything) done before$)|"
                  + "(?:\\b(apologi[sz]ed|paid off|returned)\\b.{0,100}\\btying up loose ends\\b)|"
                  + "(?:\\b(posted|gave|given|sent)\\b.{0,80}\\bmade my peace\\b)|"
                  + "(?:\\b(letter|letters|envelopes?|note)\\b.{0,60}\\bfor after$)|"
                  + "(?:\\b(papers|folder|will)\\b.{0,80}\\bthe (tablets|pills) are (upstairs|ready|in the \\w+)\\b)|"
                  + "(?:\\b(email|send|post|text) my goodbye\\b)|"
                  + "(?:\\bsort (things|everything) out after (next week|tonight|tomorrow|i am gone|this weekend)\\b)|"
                  + "(?:\\b(hose ?pipe|hose|tubing)\\b.{0,20}\\b(and|with) (some )?(duct )?tape\\b)"),
        .init(id: "others-at-risk", category: .thirdParty, score: 1,
              pattern: "(?:\\btell (my|the) (kids|children|wife|husband|mum|mom|family) i love (them|her|him)\\b)|"
                  + "(?:\\bit (has|is) been real( lads| guys| boys| everyone| mates| yall)?$)|"
                  + "(?:\\bif (he|she|they|i) (loses?|does not get|fails?)\\b.{0,60}\\bnot coming (home|back)\\b)|"
                  + "(?:\\bgive (these|this|them|it) to my (kid|kids|son|daughter|wife)\\b)|"
                  + "(?:\\blocked in the (bathroom|bedroom|garage|car|shed)\\b.{0,80}\\b(knife|razor|blade|pills|gun|rope)\\b)|"
                  + "(?:\\b(he|she) (said|says) (he|she) has a plan\\b)|"
                  + "(?:\\b(cut|slit) (his|her|their|my) own (throat|wrists?)\\b)|"
                  + "(?:\\bkeep (him|her|them) talking\\b)|(?:\\bnot sure it was a joke\\b)|"
                  + "(?:\\bsorry (for|about) being (such )?a burden\\b)|"
                  + "(?:\\b(had enough|has had enough) of (living|life|being alive)\\b)|"
                  + "(?:\\b(giving|given|gave) away (his|her|their|my) \\w+\\b.{0,80}\\b(getting ready|ready to go)\\b)|"
                  + "(?:\\bgo in after (dad|mum|mom|him|her|my \\w+)\\b)|"
                  + "(?:\\bgo the way \\w+ go\\b)|(?:\\b(frightened|scared|afraid|worried) (he|she|they) means? it\\b)|"
                  + "(?:\\blook after (his|her|my) (cat|dog|pets?) for good\\b)|"
                  + "(?:\\b(far|way|much) too calm\\b)|"
                  + "(?:\\bmade me promise not to tell\\b.{0,40}\\b(pills|tablets|gun|plan)\\b|\\b(pills|tablets|gun|plan)"
                  + "\\b.{0,60}\\bmade me promise not to tell\\b)"),
        .init(id: "veteran-signs", category: .veteran, score: 1,
              pattern: "(?:\\b(22|twenty two) a day\\b.{0,40}\\b(get why|understand why|get it)\\b)|"
                  + "(?:\\b(want to|want to do is|left to do is|i am going to|going to) check out$|\\bcheck(ing)? out for good\\b|"
                  + "\\bi am checking out tonight$)|"
                  + "(?:\\bknow how i would (handle|deal with|end) (this|it)( one)?$)|"
                  + "(?:\\b(did not come back|died|did not make it|kia)\\b.{0,40}\\bgot off easy\\b)|"
                  + "(?:\\bdeserv(e|es|ing) to die\\b)|"
                  + "(?:\\b(rejoin|join) (his|her|my) (unit|squad|platoon|brothers)\\b.{0,60}\\b(gun|pistol|rifle|"
                  + "tonight)\\b)|"
                  + "(?:\\bfinish (what|the job) (charlie|the enemy|the taliban|the war|they) started\\b)|"
                  + "(?:\\bsinking quietly\\b)"),
        .init(id: "overdose-signs", category: .overdose, score: 1,
              pattern: "(?:\\b(snorted|injected|shot up|smoked|huffing|huffed|sniffing|took something)\\b.{0,80}\\b(not "
                  + "waking up|breathing (weird|slow|funny|strange)|collapsed|passed out|turning blue|unresponsive)\\b)|"
                  + "(?:\\b(turning blue|not waking up|breathing (weird|slow|funny|strange)|collapsed|passed out)\\b.{0,80}"
                  + "\\b(snorted|injected|shot up|huffing|huffed|took something)\\b)|"
                  + "(?:\\b(coke|cocaine|meth|speed|pre ?workout|fat burners?|molly|mdma|adderall)\\b.{0,80}\\b(heart|hearts|chest)"
                  + "\\b.{0,30}\\b(pounding|racing|going crazy|hurts|hurting|tight)\\b)|"
                  + "(?:\\b(kid|child|baby|toddler|year old)\\b.{0,30}\\b(ate|eaten|swallowed|drank|drunk|got into)\\b"
                  + ".{0,40}\\b(edibles?|weed gummies|mushrooms i had|heart pills|pellets|rat poison|washing up liquid|"
                  + "denture \\w+ tablets?|batteries|vape juice|nicotine)\\b)|"
                  + "(?:\\b\(pills)\\b.{0,60}\\b(baby|toddler|kid|child|year old) (ate|swallowed|has eaten)\\b)|"
                  + "(?:\\b(three|two|four|several|extra|all) of (his|her|my) (fentanyl |pain )?patches\\b)|"
                  + "(?:\\b(headache|confused|dizzy|drowsy|vomiting)\\b.{0,80}\\bcarbon monoxide\\b|\\bcarbon monoxide\\b"
                  + ".{0,80}\\b(headache|confused|dizzy|drowsy)\\b)|"
                  + "(?:\\binstead of once a (week|month)\\b)|"
                  + "(?:\\b(swallowed|drank|drunk|ate)\\b.{0,30}\\b(eucalyptus oil|essential oil|tea tree oil|oven cleaner|"
                  + "drain cleaner|washing up liquid|paint thinner|white spirit|lamp oil|weedkiller|weed killer)\\b)|"
                  + "(?:\\b(injected|injecting|used)\\b.{0,20}\\b(every|all (my|the)|all of (my|the)|the whole)\\b.{0,20}"
                  + "\\b(insulin|pens?|syringes?)\\b)|"
                  + "(?:\\b(taken|took|swallowed)\\b.{0,40}\\bas well as (my|his|her) own\\b)|"
                  + "(?:\\bgot into the (rat poison|poison|pellets|bleach|pills|tablets|medicine|meds)\\b)"),
        .init(id: "quiet-wish-2", category: .passiveIdeation, score: 1,
              pattern: "(?:\\bif\\b.{0,80}\\b(crushed|caved in|hit me|killed|died|wreck|crash|accident|heart attack|"
                  + "never woke)\\b.{0,60}\\b(relieved|fine with (that|it)|would not mind|welcome it)\\b)|"
                  + "(?:\\b(stop|stopped|do not) car(e|ing) (if|whether) i (wake up|live|die|make it)\\b)|"
                  + "(?:\\bhoping (the other guy|he|they|someone|something) would (just )?(keep swinging|kill me|finish "
                  + "me)\\b)|"
                  + "(?:\\b(idea|thought) of (just )?never waking up\\b|\\bnever waking up sounds\\b)|"
                  + "(?:\\bwish i (would|had|would have) died\\b)|"
                  + "(?:\\bwould not fight it if\\b)|"
                  + "(?:\\bwhat is the use of me\\b)|(?:\\bgive my (bed|place|room|spot) to (somebody|someone) who\\b)"),
        .init(id: "ideation-spoken", category: .activeIdeation, score: 1,
              pattern: "(?:\\btake (their|her|his|your|ones) own life\\b.{0,60}\\b(i think about it|on my mind|i have "
                  + "been thinking|i keep thinking)\\b)|"
                  + "(?:\\b(kindest|best|easiest|quickest|painless|least painful) way\\b.{0,40}\\bto (take (their|my|her|"
                  + "his|your|ones) own life|die)\\b)|"
                  + "(?:\\bno (second thoughts|backing out|turning back)\\b.{0,30}\\bno (backing out|second thoughts|"
                  + "turning back)\\b)|"
                  + "(?:\\b(will not|not going to) (fail|mess it up|screw it up|botch it) this time\\b)"),
        .init(id: "self-harm-acts-2", category: .selfHarm, score: 1,
              pattern: "(?:\\b(smash\\w*|bang\\w*|hit|hitting) my head (against|into|on) (the |a )?(\\w+ ){0,2}(wall|"
                  + "floor|door|mirror)\\b)|"
                  + "(?:\\bpulling (the )?stitches out\\b)|"
                  + "(?:\\bpulling my hair out\\b.{0,40}\\b(bleeding|clumps|bald)\\b)|"
                  + "(?:\\b(scraped|scratched|grated) my (arm|arms|wrist|wrists|leg|legs|skin) with\\b)|"
                  + "(?:\\bthinks i (had a fall|fell|tripped)\\b)"),

        // Overdose and poisoning.
        .init(id: "overdose", category: .overdose, score: 1,
              pattern: "\\boverdos(e|ed|es|ing)\\b"),
        .init(id: "took-all-pills", category: .overdose, score: 1,
              pattern: "\\b(took|taken|take|taking|swallowed|swallow|swallowing|ate|eaten|downed|popped|chugged|gulped|"
                  + "washed down)\\b.{0,40}\\b\(quantity)\\b.{0,30}\\b\(pills)\\b|\\b(took|taken|swallowed|ate|downed|"
                  + "popped|chugged|gulped)\\b.{0,20}\\b(all|every one of|the rest of) (my|the|her|his|their|them|of)\\b"
                  + ".{0,10}\\b\(pills)?"),
        .init(id: "pills-with-alcohol", category: .overdose, score: 1,
              pattern: "\\b(mixed|mixing|took|taken|washed|washing|downed|chased|chasing|swallowed)\\b.{0,40}\\b\(pills)"
                  + "\\b.{0,30}\\b(with|down with|and) (a |the |some |half a |a whole |a bottle of |a fifth of )?(bottle "
                  + "of )?(alcohol|vodka|whiskey|whisky|beer|wine|booze|liquor|bourbon|rum|tequila|gin|jack|fifth)\\b"),
        .init(id: "poisoned", category: .overdose, score: 1,
              pattern: "\\b(drank|swallowed|ate|drinking|swallowing|eating|has eaten|has swallowed) (some |the |a |half "
                  + "the |a bottle of )?(bleach|antifreeze|poison|rat poison|drain cleaner|pesticide|weed killer|lye|"
                  + "detergent pods?|laundry pods?|tide pods?|button batter(y|ies)|window cleaner)\\b|\\b(drank|swallowed|ate) "
                  + "(some of |some )?(the )?(dishwasher|detergent|cleaning|lamp oil|mouthwash|nail polish remover|windshield|"
                  + "washer) (liquid|fluid|detergent|pods?|spray|oil)?|\\b(she|he|they) (took|swallowed|drank|ate) something\\b"),

        // The core phrases in the languages families mix into their English most often here: Spanish,
        // Portuguese, Tagalog and Hindi (romanised). Accented letters are matched with or without the accent.
        .init(id: "spanish-ideation", category: .activeIdeation, score: 1,
              pattern: "\\b(matarme|suicidarme|quitarme la vida|me voy a matar|me quiero matar|quiero matarme|"
                  + "(me )?quiero morir(me)?|quisiera morir(me)?|quiero estar muert[oa]|acabar con mi vida|"
                  + "no quiero (seguir )?(vivir|existir|estar aqu[ií]|seguir aqu[ií])|ya no quiero vivir)\\b"),
        .init(id: "spanish-passive", category: .passiveIdeation, score: 1,
              pattern: "\\bojal[aá] (no )?(despertara|despierte|despertar|me muera|muriera|estuviera muert[oa])\\b|"
                  + "\\b(no|nunca) (volver a )?despertar (nunca|m[aá]s)\\b|\\bestar[ií]an mejor sin m[ií]\\b"),
        .init(id: "spanish-means", category: .methodOrMeans, score: 1,
              pattern: "\\b(ya )?(tengo|compr[eé]) (la|una) (cuerda|soga|pistola)\\b|"
                  + "\\b(pistola|cuerda|soga|pastillas)\\b.{0,60}\\bno quiero seguir\\b"),
        .init(id: "spanish-overdose", category: .overdose, score: 1,
              pattern: "\\b(me )?tom[eé] (todas|muchas|un mont[oó]n de) (las |mis )?(pastillas|pildoras|p[ií]ldoras|"
                  + "medicinas|medicamentos)\\b"),
        .init(id: "portuguese-ideation", category: .activeIdeation, score: 1,
              pattern: "\\b(me matar|vou me matar|quero me matar|quero morrer|acabar com tudo|acabar com a minha vida|"
                  + "tirar a minha (pr[oó]pria )?vida|n[aã]o quero (mais )?viver|dormir e n[aã]o acordar|"
                  + "n[aã]o acordar mais)\\b"),
        .init(id: "portuguese-overdose", category: .overdose, score: 1,
              pattern: "\\b(tomei|tomou|vai tomar) (um monte de|todos os|todas as|muitos|muitas) (rem[eé]dios?|"
                  + "comprimidos|p[ií]lulas)\\b"),
        .init(id: "tagalog-ideation", category: .activeIdeation, score: 1,
              pattern: "\\b(magpakamatay|magpapakamatay|mamamatay na ako(?! sa (gutom|uhaw|tawa|kakatawa|hiya|inip|lamig|init))|gusto ko nang? mamatay|ayoko nang? mabuhay|"
                  + "patayin ang sarili ko|papatayin ko ang sarili ko|sana hindi na (lang )?ako magising|"
                  + "hindi na ako magising)\\b"),
        .init(id: "tagalog-harm", category: .selfHarm, score: 1,
              pattern: "\\bhinihiwa ko (ulit )?(yung|ang) (braso|pulso|hita)\\b"),
        .init(id: "tagalog-overdose", category: .overdose, score: 1,
              pattern: "\\bininom ko (yung|ang) (buong|lahat)\\b"),
        .init(id: "hindi-ideation", category: .activeIdeation, score: 1,
              pattern: "\\b(khud ?khushi|aatmahatya|atmahatya|marna chaht[ai] (hu|hoon|hun)|mar jana chaht[ai]|"
                  + "jeena nahi chaht[ai]|jaan de (dunga|dungi|doonga|doongi))\\b|"
                  + "\\bapne aap ko (\\w+ ){0,2}(maar|khatam|kaat|jala)\\b"),
        .init(id: "hindi-overdose", category: .overdose, score: 1,
              pattern: "\\b(saari|sari|bahut saari|bahut) (neend ki )?goliyan kha (li|liya|lee)\\b|"
                  + "\\b(zeher|zehar) (kha|pi) (liya|li|lee)\\b"),

        // Written 2026-11-28 (fourteenth session) from the misses of crisis-11a and 11b.
        // A relapse into self-harm: "cut again tonight", "mood: cut twice today", a streak of being
        // clean from cutting thrown away.
        .init(id: "self-harm-relapse", category: .selfHarm, score: 1,
              pattern: "(?:^(mood |and |so )?(i )?(cut|burned|burnt|hurt myself) (again|twice|three times|tonight|today|"
                  + "last night|this morning)\\b)|"
                  + "(?:\\b(clean|free) (from|of) (cutting|self harm|burning|hurting myself)\\b.{0,60}\\b(threw it away|"
                  + "blew it|ruined it|relapsed|broke it|gone|until (today|tonight|last night)|(and|but) (then )?(i )?(did it|"
                  + "cut|burned|hurt myself)\\b.{0,60}\\b(today|tonight|last night|this morning|again))\\b)|"
                  + "(?:\\b(relapsed|relapse)\\b.{0,30}\\b(cutting|self harm|burning myself|hurting myself)\\b)|"
                  + "(?:\\b(ice|ice cubes?|ice cube thing|the rubber band|rubber bands|snapping the band)\\b.{0,20}\\b((do not|"
                  + "does not|not) (work|help)\\b.{0,30}\\b(anymore|any more)|(is not|are not|not) (working|helping))\\b)"),
        // Using more than usual on purpose.
        .init(id: "used-more-on-purpose", category: .overdose, score: 1,
              pattern: "\\b(used|took|take|drank|shot up|snorted|swallowed) (way |a lot |much |so much )?more than "
                  + "(usual|normal|i should|prescribed)\\b.{0,20}(?<!not )\\bon purpose\\b"),
        // A gun sought with its ordinary uses ruled out: "the closest place that sells shotguns. i do not hunt".
        .init(id: "gun-not-for-sport", category: .methodOrMeans, score: 1,
              pattern: "\\b(buy|get|rent|sells?|shop|store|place)\\b.{0,40}\\b(guns?|shotguns?|rifles?|pistols?|handguns?|"
                  + "revolvers?)\\b.{0,40}\\b(i do not hunt|not for (the range|hunting|targets|target practice|"
                  + "protection|home defense)|(do not|never) want to shoot (at )?targets)\\b"),
        // Means ready while intoxicated: "relapsed tonight, and the gun safe is open".
        .init(id: "intoxicated-with-gun-out", category: .methodOrMeans, score: 1,
              // (`_{8}` is "gun safe", which the benign phrases mask.)
              pattern: "\\b(relapsed|drunk|wasted|drinking again|using again)\\b.{0,60}(\\bgun cabinet|\\bguns?|"
                  + "\\bpistol|\\brifle|\\bshotgun|\\brevolver|_{8}) (is|are) (open|out|unlocked|loaded)\\b|"
                  + "\\b(do not|no need to) remind me to lock (up )?the (guns?\\b|gun cabinet\\b|_{8})"),
        // A height sought for having no barrier.
        .init(id: "no-barrier", category: .methodOrMeans, score: 1,
              pattern: "\\bi (want|need) (one|a bridge|a spot|a place|somewhere) (without|with no) (the )?(nets?|"
                  + "barriers?|fence|fences|railings?)\\b"),
        // "Not sick. Just done." and "I do not have much time left" said of no illness.
        .init(id: "not-sick-just-done", category: .passiveIdeation, score: 1,
              pattern: "\\bnot (sick|ill|dying)\\b.{0,12}\\b(just|i am just|i am) (done|finished|tired of (it|"
                  + "living|being here))\\b"),
        // Papers for the family that they will need soon: survivor benefits, the life insurance (not
        // after someone else's death: "Where are dad's life insurance papers? Mom will need them soon.").
        .init(id: "benefits-needed-soon", category: .preparatoryBehaviour, score: 1,
              pattern: "^(?!.*\\b(died|passed|funeral|claim|estate|widow\\w*|his|her|their|dads|moms|fathers|mothers|"
                  + "grandmas|grandpas)\\b).*\\b(survivor benefits|survivors benefits|life insurance|death benefit)\\b.{0,80}\\b(is going to|"
                  + "are going to|will|going to) need (it|them|that|those) (soon|shortly|any day now)\\b"),

        // Written 2026-12-07 (sixteenth session) from the misses of crisis-12a and 12b: general forms,
        // each checked against every development look-alike and the household messages.
        // A height named as where the writer is going, or how high it is ("going off the school roof at lunch",
        // "is a 5th story window high enough").
        .init(id: "going-off-height", category: .methodOrMeans, score: 1,
              pattern: "\\b(i am|i will|i am going|im) (\\w+ ){0,3}(going|go) (up )?(off|to) (the|a|that) (\\w+ ){0,2}(roof|rooftop|"
                  + "bridge|cliff|multi storey|car park|parking (deck|garage|structure)|tower|ledge)\\b.{0,20}\\b(and jump\\w*|at "
                  + "(lunch|midnight|night|dawn|\\d+)|tonight|tomorrow)\\b|\\b(going|go) off the (\\w+ )?(roof|bridge|cliff|multi "
                  + "storey|car park|tower)\\b.{0,40}\\bi mean it\\b|\\b(window|storey|story|floor|balcony|roof|rooftop|building|"
                  + "bridge|cliff|parking garage) (\\w+ ){0,2}high enough\\b(?! (for|to (see|hang|reach|put|keep|store|get|avoid|"
                  + "stop|fit|clear)))"),
        // The top of a height with a night or a day: "Thursday night, the top of the parking deck downtown."
        .init(id: "height-at-a-time", category: .planOrTiming, score: 1,
              pattern: "\\b(monday|tuesday|wednesday|thursday|friday|saturday|sunday|tonight|tomorrow) (night|evening|"
                  + "morning )?(\\w+ )?the top of the (\\w+ )?(parking (deck|garage|structure)|multi storey|car park|building|"
                  + "bridge|tower|cliff)\\b"),
        // Joining the dead: "the day the IED got Davis. I plan to be with him by Friday."
        .init(id: "join-the-dead", category: .intent, score: 1,
              pattern: "\\b(going to|plan to|planning to|want to|will|ready to|time to|about to) (be with|join) (him|her|them)"
                  + "( again)? (by|before|soon|for good)\\b|\\b(be with|join) (him|her|them)\\b.{0,20}\\bi mean (that|it) "
                  + "literally\\b"),
        .init(id: "end-it-at-a-place", category: .planOrTiming, score: 1,
              pattern: "\\b(cemetery|grave|graveyard|bridge|woods|river|lake|cliff|tracks|quarry)\\b.{0,30}\\band (end|ending) "
                  + "it (there|here)\\b|\\b(do it|end it)\\b.{0,80}\\b(on|at|by|from) the (\\w+ ){0,3}(cliff|cliffs|cliff edge|"
                  + "quarry|bridge|tracks|railway|reservoir)\\b"),
        // Every pen or pill used at once: "I'll use every insulin pen in the fridge."
        .init(id: "use-every-dose", category: .methodOrMeans, score: 1,
              pattern: "\\b(use|using|inject|injecting|take|taking) (every|each|all (of )?(the|my)) (\\w+ )?(insulin|insulin "
                  + "pens?|pens|vials|syringes|ampoules)\\b"),
        // A shot whose noise something will hide: "the fireworks will cover the noise. Dad's rifle."
        .init(id: "cover-the-shot", category: .planOrTiming, score: 1,
              pattern: "\\b(cover|drown out|mask|hide) the (noise|sound|shot|gunshot|bang)\\b.{0,40}\\b(rifle|gun|shotgun|pistol|"
                  + "revolver|handgun)\\b|\\b(rifle|gun|shotgun|pistol|revolver|handgun)\\b.{0,60}\\b(cover|drown out|mask|hide) "
                  + "the (noise|sound|shot|gunshot|bang)\\b"),
        // Means compared: "which is quicker, a train or a bridge", "bleach on one side, my pills on the other".
        .init(id: "means-compared", category: .methodOrMeans, score: 1,
              pattern: "\\bwhich (is|would be) (quicker|faster|less painful|more painless|surer|more certain|more reliable)\\b"
                  + ".{0,20}\\b(train|bridge|pills|rope|gun|tracks|jump|bleach)\\b or (a |the )?(bridge|rope|pills|gun|tracks|"
                  + "train|overdose|jump|bleach)\\b|\\b(bleach|antifreeze|rope|gun|pistol|razor|knife|blade)\\b.{0,60}\\b(pills|"
                  + "tablets|meds)\\b.{0,60}\\b(decide|choose|deciding|choosing) (which|between)\\b|\\b(pills|tablets|meds)\\b"
                  + ".{0,60}\\b(bleach|antifreeze|rope|gun|pistol|razor|knife|blade)\\b.{0,60}\\b(decide|choose|deciding|choosing) "
                  + "(which|between)\\b"),
        // Fire on oneself, a means held for a long time, a means that "looks like an answer".
        .init(id: "fire-on-self", category: .methodOrMeans, score: 1,
              pattern: "\\b(pour|pouring|poured|douse|dousing|doused|tip|tipping) (it|petrol|gasoline|gas|lighter fluid|fuel|"
                  + "paraffin|kerosene) (all )?(over|on) myself\\b|\\bset myself (on fire|alight|ablaze)\\b"),
        .init(id: "holding-the-means", category: .methodOrMeans, score: 1,
              pattern: "\\b(sat|sitting|sit|lay|lying|stood|standing) (\\w+ ){0,6}holding (the|a|my|his|her) (\\w+ )?(knife|knives|"
                  + "blade|razor|gun|pistol|rifle|shotgun|rope|big one|bottle of pills|pills)\\b.{0,20}\\b(for (an hour|hours|"
                  + "ages|a long time|half an hour|most of the night)|all night)\\b"),
        .init(id: "looks-like-a-way-out", category: .methodOrMeans, score: 1,
              pattern: "\\b(look|looks|looking|looked|seem|seems|seeming) like (a|an|the|my) (way out|exit|escape)\\b|"
                  + "\\b(started|starting|begun|beginning|begins|starts) to (look|seem) like (an|the|my) (answer|solution|"
                  + "option)\\b"),
        // A poison sought with its ordinary use ruled out; a vet's drug wondered about for oneself; a
        // supply that frightens the writer because of what they want to do with it.
        .init(id: "poison-not-for-use", category: .methodOrMeans, score: 1,
              pattern: "\\b(poisonous|toxic|deadly|lethal)\\b.{0,40}\\bnot for (cleaning|the (drain|sink|garden|rats|mice|"
                  + "weeds|pests|toilet))\\b|\\b(sedatives?|tranquill?izers?|pentobarbital|euthanasia|pills|tablets|meds|"
                  + "insulin|poison)\\b.{0,60}\\b(would|will|could|might|do|does) (they|it|these|those) work on (me|a person|a "
                  + "human|humans|people)\\b"),
        .init(id: "afraid-of-what-i-would-do", category: .methodOrMeans, score: 1,
              pattern: "\\b(scares|scared|frightens|frightened|afraid|worried|worries|terrifies) (me )?(because of|of|about) "
                  + "what i (want|might|would|could|will|am going) (to )?(do|to do) (with|to) (it|them|those|that|myself)\\b"),
        .init(id: "grab-the-wires", category: .methodOrMeans, score: 1,
              pattern: "\\b(substation|power lines?|pylon|third rail|transformer|live wires?)\\b.{0,80}\\b(want to|thought "
                  + "about|think about|tempted to|urge to)\\b.{0,30}\\b(grab|touch|hold) (onto |on to )?(something|it|the (wires?|"
                  + "lines?|rail))\\b"),
        // A full bottle kept for a night: "the refill picked up that morning so I have the full bottle for Saturday night".
        .init(id: "full-bottle-for-a-night", category: .planOrTiming, score: 1,
              pattern: "\\b(refill|prescription|pharmacy|pills|meds|tablets)\\b.{0,80}\\b(full|whole) (bottle|box|pack|"
                  + "supply)\\b.{0,20}\\bfor (\\w+ )?(night|tonight|evening)\\b"),
        // Self-harm: wound care kept from the family, a sharpener's blade, a burn or a cut done on purpose,
        // a count of cuts, scabs picked open.
        .init(id: "hidden-wound-care", category: .selfHarm, score: 1,
              pattern: "\\b(plasters|bandages|band aids|steri strips|butterfly stitches|gauze|antiseptic)\\b.{0,80}\\b(do not|"
                  + "please do not) (put|add|show|tell|let)\\b.{0,20}\\b(family|shared|mum|mom|dad|parents)\\b|\\b(sharpener|"
                  + "razor)\\b.{0,60}\\b(what i use|without (my )?(mum|mom|dad|parents|anyone|them) (seeing|knowing|noticing|"
                  + "finding out))\\b"),
        .init(id: "injury-on-purpose", category: .selfHarm, score: 1,
              pattern: "\\b(burn|burns|cut|cuts|bruise|bruises|scratch|scratches|wound|wounds|blister)\\b.{0,60}\\b(did it|did "
                  + "that|done it|did them|made it)\\b(\\w| ){0,30}\\bon purpose\\b|\\b(burned|burnt|cut|hit|punched|scratched|"
                  + "bit|hurt|bruised|scalded) myself (\\w+ ){0,4}on purpose\\b|\\b(every|each) (\\w+ ){0,3}(gets|earns|means|"
                  + "costs me) (a|another|one) (line|cut|mark|burn|scratch)\\b|\\b(pick|picking|picked|tear|tearing|rip|"
                  + "ripping|dig|digging) (at )?(my )?(\\w+ )?(scabs?|scars?|wounds?)\\b.{0,20}\\b(open|until (it|they) bleeds?|"
                  + "till (it|they) bleeds?)\\b"),
        // Preparation: a pet given away for good, letters to be posted "not a day before", goodbyes nobody
        // understood, a farewell set to send, final pay sent to family, a stash, means bought with their use
        // ruled out, a list of who to call "after", notes for each person, a to-do list of closures.
        .init(id: "pet-for-good", category: .preparatoryBehaviour, score: 1,
              pattern: "^(?=.*\\b(new home|rehome|rehoming|transferred|have the|take the|adopt|rescue|look after|give away|"
                  + "giving away|in (her|his) name|to (my|her|his) (sister|brother|neighbou?r|mum|mom|dad)s?)\\b).*\\b(cat|dog|"
                  + "pets?|rabbit|horse|birds?)\\b.{0,100}\\b(it is permanent|permanent|permanently|it is for good|for good|"
                  + "before i go\\b(?! (to|on|away|out|back|into|in|for|abroad|home|travelling|traveling)))"),
        .init(id: "not-a-day-before", category: .preparatoryBehaviour, score: 1,
              pattern: "\\b(post|send|mail|deliver|give|hand) (them|it|the letters|the cards|the notes)\\b.{0,30}\\bnot (a day |"
                  + "one day )?(before|earlier|sooner)\\b"),
        .init(id: "goodbyes-not-understood", category: .preparatoryBehaviour, score: 1,
              pattern: "\\b(said|saying|say) (bye|goodbye|goodbyes|my goodbyes) to\\b.{0,60}\\b(they|he|she|nobody|no one) "
                  + "(just )?(thought|think|thinks|knew|know|realised|realized|noticed|has no idea|had no idea)\\b"),
        .init(id: "scheduled-farewell", category: .preparatoryBehaviour, score: 1,
              pattern: "\\b(schedule|set|queue|send|delay)\\b.{0,60}\\bi love (you|u)\\b.{0,15}\\b(i am sorry|sorry|forgive "
                  + "me|goodbye)\\b"),
        .init(id: "final-pay-to-family", category: .preparatoryBehaviour, score: 1,
              pattern: "\\b(final|last) (pay|paycheck|paycheque|wages|salary)\\b.{0,40}\\b(go|goes|sent|paid|send) to (my )?"
                  + "(mum|mom|mother|dad|father|wife|husband|sister|brother|family|kids|children)\\b|\\b(send|give|transfer) "
                  + "(all (of )?my|every penny of my|my whole|my entire) (money|savings)\\b.{0,80}\\b(will not|do not) (need|be "
                  + "needing)\\b"),
        .init(id: "hidden-stash", category: .preparatoryBehaviour, score: 1,
              pattern: "\\b(hiding|hid|hide|keeping|saving|building|growing) (a |my )?(stash|stockpile|supply|pile)\\b.{0,80}\\b"
                  + "\(pills)\\b"),
        .init(id: "means-bought-not-for-use", category: .preparatoryBehaviour, score: 1,
              pattern: "\\b(bought|buy|buying|got|getting|ordered)\\b.{0,30}\\b(knife|blade|razors?|rope|gun|charcoal|hose|"
                  + "belt)\\b.{0,60}\\b(did not need|do not need|not need|not for) (one |it |them |any )?(for )?(cooking|the "
                  + "kitchen|work|hunting|the garden|camping|shaving|the yard)\\b"),
        .init(id: "notes-for-each", category: .preparatoryBehaviour, score: 1,
              pattern: "\\b(leave|leaving) (one|a single) note or\\b|\\b(leave|leaving|write|writing) (a )?(note|notes|letters?) "
                  + "for (each|every) (person|one of (them|you)|of them|family member)\\b|\\bwho to (call|contact|notify|tell) "
                  + "after\\b(?! (school|work|the|my|his|her|your|lunch|dinner|\\d|six|seven|eight|nine|ten|noon|hours|that|"
                  + "surgery|it))"),
        .init(id: "closing-list", category: .preparatoryBehaviour, score: 1,
              pattern: "^(?=.*\\bcancel (my |the )?(phone|subscriptions?|plan|contract|gym|lease))(?=.*\\b(write|leave) (a )?"
                  + "(note|letter) (to|for) (mom|mum|dad|my|the kids|family))(?=.*\\b(dog|cat|pets?|car keys|keys)\\b)"),
        .init(id: "on-your-own-soon", category: .preparatoryBehaviour, score: 1,
              pattern: "^(?!.*\\b(while i|when i|trip|travel\\w*|deploy\\w*|surgery|hospital|conference|away|holiday|vacation|"
                  + "business)\\b).*\\b(she|he|they) (will|is going to|are going to) have to (\\w+ ){0,4}(alone|on (her|his|their) "
                  + "own|by (herself|himself|themselves)|without me)\\b.{0,20}\\b(after (this|next) (week|weekend|month|friday)|"
                  + "soon)\\b"),
        .init(id: "own-funeral-soon", category: .preparatoryBehaviour, score: 1,
              pattern: "^(?!.*\\b(surgery|diagnos\\w*|terminal|cancer|hospice|dying|doctor|palliative|operation)\\b).*\\bmy own "
                  + "funeral\\b.{0,80}\\b(before the end of (the|this) (month|week)|by (friday|saturday|sunday|the weekend|next "
                  + "week)|this week)\\b"),
        // Someone else's farewell letters, and a poisoning under way in the house.
        .init(id: "letters-to-each-of-us", category: .thirdParty, score: 1,
              pattern: "\\b(found|saw|came across)\\b.{0,20}\\b(a |some )?(letters?|notes?|envelopes?) (addressed )?(to|for) "
                  + "(each|every one|all) of us\\b"),
        .init(id: "carbon-monoxide-symptoms", category: .overdose, score: 1,
              pattern: "\\b(carbon monoxide|co) (alarm|detector)\\b.{0,60}\\b(going off|beeping|goes off|went off|keeps going)"
                  + "\\b.{0,80}\\b(headaches?|dizzy|sick|nause\\w+|vomiting|sleepy|drowsy|confused)\\b"),
        // A terminal diagnosis that would be a relief.
        .init(id: "terminal-relief", category: .passiveIdeation, score: 1,
              pattern: "\\b(terminal|cancer|a tumou?r|months to live)\\b.{0,40}\\b(i would|i would be|i would feel) (feel )?"
                  + "(relief|relieved|glad|happy|grateful)\\b"),
    ]

    /// Third-person forms that make a sentence a report about someone else.
    static let thirdPartyPatterns: [String] = [
        "\\b(kill|killing|killed|hurt|hurting|harm|harming|cut|cutting|hang|hanging|shoot|shooting|end|ending|off|"
            + "offing|unalive|burn|burning|starve|starving) (himself|herself|themselves|themself)\\b",
        "\\b\(thirdSubject) (wants?|wanted|is going|was going|keeps? (saying|talking about|threatening)|said|says|"
            + "talks? about|talking about|threatened|threatens|threatening|tried|tries|trying|attempted|plans?|planned|"
            + "planning|posted about|texted about|wrote about|is thinking about|was thinking about|is talking about) "
            + "(to |that (he|she|they) (wants?|wanted) to )?(die|kill|end|suicide|jump|hang|overdose|not (be here|wake "
            + "up|be alive)|hurt (himself|herself|themselves)|take (his|her|their) (own )?life|end (his|her|their) life)",
        "\\b(found|caught|saw|see|noticed) \(thirdSubject) (with|cutting|trying|holding|standing|hanging|writing|on the)"
            + "\\b.{0,30}\\b(rope|noose|pills|gun|blade|razor|knife|ledge|bridge|roof|note|cuts|wrists|tracks)",
        "\\b\(thirdSubject) (took|has taken|swallowed|has swallowed|ate|has eaten|drank|downed|might have taken)\\b"
            + ".{0,40}\\b(\(pills)|\(quantity)|bleach|poison|antifreeze)\\b",
        "\\b\(thirdSubject) (overdosed|is overdosing|overdose)\\b",
        "\\b\(thirdSubject) (is|are|was|were|has been|seems|sounds|might be|may be) (suicidal|cutting|self harming|"
            + "overdosing|not breathing|unresponsive|passed out)",
        "\\b(his|her|their) (suicide|suicidal|goodbye|farewell) (note|letter|message|text|post|thoughts|plan)",
    ]
}
