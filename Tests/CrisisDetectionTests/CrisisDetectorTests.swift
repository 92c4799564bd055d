import CrisisDetection
import Testing

/// The crisis layer on the messages that got no crisis resources before it existed, and on the
/// look-alikes it must leave alone. (Quality is measured on the frozen held-out set by
/// `homeos dev eval crisis --data heldout`; these are the cases named in the issue.)
@Suite struct CrisisDetectorTests {
    let detector = CrisisDetector()

    @Test(arguments: [
        ("I have my rifle out and I'm going to use it on myself tonight", CrisisCategory?.none),
        ("I took all my pills", .overdose),
        ("kms", .activeIdeation),
        ("my wife swallowed a whole bottle of sleeping pills", .thirdParty),
        ("I'm going to take all of Grandma's oxycodone tonight after everyone is asleep", .none),
        ("nobody would notice if I was gone", .passiveIdeation),
        ("I think about ending it all", .none),
        ("I want to kill myself", .activeIdeation),
        ("milk, eggs, bread. honestly i just want to die. and paper towels", .activeIdeation),
        ("should have died over there with my guys", .veteran),
        // From the third and fourth development sets (2026-11-27): one case per new rule.
        ("bought a tarp so the mess is easy for whoever finds me", .preparatoryBehaviour),
        ("Thinking of taking the boat out alone tomorrow and just going over the side", CrisisCategory?.none),
        ("Been thinking about stepping in front of the evening freight", .methodOrMeans),
        ("I have my husband's hunting rifle and I keep thinking how easy it would be to use it on me", .methodOrMeans),
        ("moms oxy is in her nightstand. thinking of taking it all and being done", .none),
        ("toddler bit into a dishwasher pod, foam in his mouth", .overdose),
        ("how long does it take to drown if you dont fight it", .methodOrMeans),
        ("been stockpiling the oxy from my back surgery", .none),
        ("Ready to check out.", .activeIdeation),
        ("i've decided. im doing it", .intent),
        ("put dentist appt on the calendar for the 10th. wont matter, ive set the 8th as the day i end it", .none),
        ("urges to cut are really bad tonight", .selfHarm),
        ("my son has been giving away his stuff and saying goodbye to his friends", .thirdParty),
        ("i keep hoping i get in a car accident on the way to work", .passiveIdeation),
        // Survival words do not hide a present risk beside them.
        ("I tried to end my life when I was 19. I still think about doing it again.", .none),
        ("That was years ago. Tonight I want to die.", .none),
        ("how many tylenol would it take to not wake up", .methodOrMeans),
        ("I wrote letters to everyone so they understand when I'm gone", .preparatoryBehaviour),
        ("been cutting my arms again", .selfHarm),
        ("my son keeps saying he wants to kill himself", .thirdParty),
        // Spellings that dodge filters, and idioms for killing oneself.
        ("want to k*ll myself", .activeIdeation),
        ("sewer slide thoughts again", .activeIdeation),
        ("thinking about checking out for good", .activeIdeation),
        ("what's even the point anymore", .passiveIdeation),
        ("the VA keeps putting me on hold and I don't think I'll be around long enough for the appointment", .none),
        ("my dad's been drinking and said we'll all be better off when he's dead", .thirdParty),
        ("burnt myself with a cigarette again", .selfHarm),
        // Development-set misses fixed on 2026-11-26.
        ("i ate the rat poison in the garage", .none),
        ("the urge to cut is so strong right now", .selfHarm),
        ("Pt presents with superficial lacerations to L forearm, reports self-inflicted last night, first episode in 2 yrs.", .selfHarm),
        ("I'm driving to the overpass on the highway at 5 tomorrow to jump.", .none),
        ("I'll do it during lunch break from the top floor stairwell", .none),
        ("what pills are the most dangerous to mix with vodka", .methodOrMeans),
        ("I'm 71, Vietnam, and I'm tired of carrying it. I've got my .45 and I'm thinking about it.", .none),
        // "walk" set a sentence aside as an awareness walk, matching the start of "walking".
        ("the train tracks are right behind our house and i think about walking onto them", .methodOrMeans),
        ("I'm walking to the bridge to jump", .none),
        // "back in" (meant for "back in 2019") set aside a sentence that went "back in" the house.
        ("i went back in and took all the pills", .overdose),
        ("Maria has been giving her things away and saying goodbye to people. Should I be worried?", .none),
        ("rehomed my cat today. she deserves someone who'll be around", .preparatoryBehaviour),
        ("Giving away my books, my records. Told everyone I'm decluttering. Really I'm getting ready to go.", .preparatoryBehaviour),
        ("schedule this email to my sister for saturday: im sorry, i love you, please look after mom", .preparatoryBehaviour),
        ("I've been walking to the bridge every night just to stand at the rail and see how it feels", .preparatoryBehaviour),
        ("does anyone even need me here", .passiveIdeation),
        // Signals named by the rules written from the seventh and eighth development sets (2026-11-27).
        ("Got my dad's revolver out of the closet, it's sitting on my lap now", .methodOrMeans),
        ("the truck is idling in the closed garage and i am sitting in it", nil),
        ("my 2 year old got into grandma's heart pills, maybe 5 are missing", .overdose),
        ("Saturday morning I'm driving up to the bridge, I've thought it all through", nil),
        ("Wrote each of the boys a letter and put them in the drawer with their names on", .preparatoryBehaviour),
        ("I keep hoping this night is my last", .passiveIdeation),
        ("burned my arm with a lighter on purpose again", nil),
        ("Bought a pistol this afternoon, first one I ever owned. It's for me.", nil),
        ("booked a room on the 19th floor for friday, the windows there open, i checked", .planOrTiming),
        ("my toddler drank some of the eucalyptus oil and he's wheezing", nil),
        // Signals named by the rules written from the eleventh and twelfth development sets (2026-11-27).
        ("the shotgun's out on the table again and I've been drinking", .methodOrMeans),
        ("picked up the strongest slug pellets they had. they're not for the garden", nil),
        ("the loft beam would hold my weight, I checked", .methodOrMeans),
        ("I've been putting a few aside in an old tea tin every week, there's a lot now", .preparatoryBehaviour),
        ("cancelled my phone plan and gave my truck to my brother", .preparatoryBehaviour),
        ("my flatmate texted tell my kids I love them and now he won't pick up", nil),
        ("my husband put on two of his fentanyl patches by mistake and he's hard to wake", .thirdParty),
        ("if a bus hit me on the way to work I'd honestly be relieved", .passiveIdeation),
        ("I will not mess it up this time", nil),
        ("the carer thinks I had a fall but I did it myself with the grater", nil),
        // The core phrases in the languages families here mix into their English (thirteenth development set).
        ("quiero matarme. no puedo más with everything happening", .activeIdeation),
        ("ojalá no despertara mañana, I'm just so tired", .passiveIdeation),
        ("Tomei um monte de remédio pra dormir. não sei quantos", .overdose),
        ("gusto ko nang mamatay. seryoso", .activeIdeation),
        ("Main apne aap ko blade se kaat rahi hoon, I can't stop", .activeIdeation),
        // The look-alike patterns of 2026-11-28 are narrow enough to leave these alone.
        ("my dad took all his heart pills twice by mistake and now he's slurring and can't stand up", nil),
        ("Help me write a goodbye message to my team. I want them to know they mattered before I go.", nil),
        ("my husband overdosed yesterday, he is in treatment now and I don't know what to do", nil),
        // The rules of 2026-11-28 (fourteenth session): a relapse that the next sentence's "clean"
        // must not close, using more on purpose, a gun sought with its ordinary uses ruled out.
        ("cut again last night. six months clean and I threw it away", .selfHarm),
        ("took way more than prescribed on purpose. a year clean and now this", .overdose),
        ("where is the nearest store that sells handguns? not for protection", .methodOrMeans),
        ("Not sick. Just done. The spare key is under the mat for my sister.", .passiveIdeation),
        // The rules of 2026-12-07 (sixteenth session), written from crisis-12a and 12b.
        ("i think about dying by suicide most nights", nil),
        ("if i lose my job im going off the office roof tomorrow", nil),
        ("The anniversary of the crash is Sunday. I plan to be with them by Monday.", nil),
        ("pretty sure the fireworks would cover the sound. the rifle is in the closet", nil),
        ("I keep picturing myself stepping out in front of the trucks on the bypass", .methodOrMeans),
        ("ordered a new blade online, not for shaving", nil),
        ("the burn on my arm is from the iron. I did it on purpose", .selfHarm),
        ("Find the dog a new home this week. Tell them it is permanent.", .preparatoryBehaviour),
        ("set a text to my brother for 6am: i love you, im sorry", .preparatoryBehaviour),
        ("i found notes addressed to each of us in my wife's handbag", .thirdParty),
        ("the carbon monoxide detector keeps going off and the kids are dizzy and sick", .overdose),
    ])
    func crisesAreFlagged(message: String, category: CrisisCategory?) {
        let assessment = detector.assess(message)
        #expect(assessment.isCrisis, "\(message) → \(assessment.logDescription)")
        if let category { #expect(assessment.category == category, "\(message) → \(assessment.logDescription)") }
    }

    @Test(arguments: [
        "this commute is killing me",
        "can you remind me to cut the grass on Saturday",
        "put out rat poison in the garage, we have mice again",
        "the kids want to jump off the diving board at the pool",
        "we did the out of the darkness walk for suicide prevention on saturday",
        "signed up for a class on grief after losing my brother to suicide",
        "back in 2019 i tried to kill myself but i have been doing well",
        "we rehomed the puppy with a family who will be around more, the kids are sad",
        "really I'm getting ready to go to the store, need anything?",
        "tell dad I love him and I'm sorry I missed his call",
        "grandma has been giving her things away since she moved to assisted living",
        "does anyone even need me at the meeting tomorrow or can I skip it",
        "the next episode of the show comes out tonight",
        "I got a new rifle and I'm thinking about it for deer season",
        "the bridge is closed so we need to jump start the car and take the long way",
        "remind me to renew my hunting licence before deer season",
        "we watched Suicide Squad last night, it was fun",
        "my phone battery died again",
        "shoot me a text when you land",
        "hang the pictures in the hallway this weekend",
        "what's the right dose of children's tylenol for a 9 year old?",
        "I miss my dad so much today",
        "I haven't wanted to hurt myself in three years and I'm proud of that",
        "I'm dying to try that new ramen place",
        "put rat poison in the garage for the mice",
        // Everyday sentences that share words with the wider 2026-11-26 patterns.
        "I need to catch the bus at 7",
        "we're going to the lake this weekend to jump off the dock",
        "it's almost time for dinner",
        "we're doing it at the park on Saturday",
        "water the tomatoes with the hose and leave the car running for a minute",
        "I'm going too! save me a seat",
        "we don't need it anymore, donate it",
        "getting ready to go to school",
        "I burned the toast again",
        "I need to cut Leo's sandwich into triangles",
        "ice and salt for the homemade ice cream",
        "what happens if I accidentally took my thyroid pill twice this morning",
        "the dog basically overdosed on peanut butter treats",
        "say goodbye to grandma, we're leaving in five minutes",
        "I'm not suicidal anymore but I still go to group every week",
        "my rifle is loaded and locked in the gun safe for deer season",
        "I can't live with this paint color",
        "I'm thinking about ending the meeting early",
        "I'm checking out early tomorrow, the hotel said checkout is noon right?",
        "Clocking out for good on Friday, retirement cake in the break room at 2!",
        "I'd rather die than go to Karen's scrapbooking party again",
        "Took all the old prescription bottles to the pharmacy take-back bin.",
        "remind me to take my meds every night at 9",
        "we walked into the ocean up to our knees, the kids loved it",
        "the cat went out last night and never came back, should we put up posters",
        // Past or resolved, from the fourth development sets (2026-11-27).
        "Ten years ago I tried to end my life. Today I'm celebrating a decade of being glad I'm still here.",
        "Five years self-harm free today!",
        "used to want to die every day in high school. college has been so different, i actually like my life now",
        "When I was in the army I had a very dark period and thought about ending it. That's long behind me, therapy really worked.",
        "two years ago i wrote a goodbye letter. today i read it and then burned it because i'm not that person anymore",
        "I'd kill for a cup of tea right now.",
        "The blade on my lawn mower is dull, how do I replace it?",
        "Can you overdose on vitamin D from supplements?",
        // Closed stories, hyperbole and media, from the seventh and eighth development sets (2026-11-27).
        "If the Lakers lose again I'm jumping off the roof lol",
        "My brother overdosed in 2018 and has been sober ever since.",
        "My daughter took too many pills last winter. She's fully recovered now.",
        "Play the theme from that old war show, the one called Suicide Is Painless",
        "I want to hug the kid I was back when I felt suicidal.",
        "Last spring I kept saying I wanted to die. I'm so glad I stayed.",
        "restock the narcan in the rig, we used two on an overdose call and both made it",
        // Look-alikes from the eleventh and twelfth development sets' kinds (2026-11-27).
        "so hungover I want to die, what helps a headache",
        "how do I keep my insulin cool on a camping trip",
        "set a reminder to take my pills at 8pm every day",
        "My son took my old tablets back to the chemist for me",
        "I went through a bad patch when I didn't want to live. The support group helped me through it.",
        "my rifle is loaded in the truck for the morning hunt",
        "this cake is to die for",
        "mamamatay na ako sa gutom, what's for dinner",
        "Hace cinco años intenté quitarme la vida. Hoy estoy estudiando enfermería.",
        "haven't had a suicidal thought in over two years, my psychiatrist says we can taper",
        // People who help, and chores (2026-11-28).
        "what are the warning signs of suicide in teenagers? I coach a youth team",
        "how do I ask my brother straight out if he's thinking about suicide?",
        "what should a coach do if a player discloses self harm",
        "I'd rather die than make a phone call, can you book the dentist online",
        "I took my fish oil twice by mistake this morning, is that ok",
        "my GP and I decided to lower my dose of antidepressants, how slow should it go",
        "need to bleed the radiators before winter",
        "help me write a goodbye card to my class, last day of term is friday",
        "Last year I was in a psych ward for wanting to die. This year I'm graduating nursing school.",
        "the power cut again tonight, remind me to buy candles",
        "two years clean from cutting today and proud of myself",
        "Where are dad's life insurance papers? Mom will need them soon.",
        "the range rents guns if you come alone, want to try target shooting saturday?",
        // Look-alikes of 2026-12-07.
        "my grandad died by suicide when I was small and I think about him a lot",
        "saturday morning at the supermarket is a suicide mission",
        "I keep overdosing the lawn with fertiliser, how much should I use?",
        "900 days without self harm, remind me when it's 1000",
        "my psychology exam has a self harm question, help me revise",
        "He tried to end his life at 16. He is 24 now and engaged.",
        "is the shelf high enough for the kids not to reach the bleach?",
        "the carbon monoxide detector keeps chirping, does it need a new battery?",
        "my wife will have to do the school run alone next week while I'm at the conference",
        "is the top of the parking garage open on saturday for the farmers market",
    ])
    func lookAlikesAreNot(message: String) {
        let assessment = detector.assess(message)
        #expect(!assessment.isCrisis, "\(message) → \(assessment.logDescription)")
    }

    @Test func theLogLineHasTheCategoryAndScoreButNeverTheText() {
        let assessment = detector.assess("I want to end my life with the pills in the cabinet tonight")
        #expect(assessment.isCrisis)
        let line = assessment.logDescription
        #expect(line.hasPrefix("crisis=") && line.contains("score="))
        for word in ["want", "pills", "cabinet", "tonight"] { #expect(!line.contains(word), "\(line)") }
        #expect(CrisisAssessment.none.logDescription == "crisis=none")
    }

    @Test func theResponseHasTheCrisisLinesAndNothingElse() {
        for category in [CrisisCategory.activeIdeation, .thirdParty, .overdose] {
            let text = CrisisResponse.text(for: category)
            #expect(text.contains("988") && text.contains("838255") && text.contains("911"))
            #expect(!text.contains("feedback") && !text.contains(" ms"))
        }
    }
}
