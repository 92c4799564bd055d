import HomeOS
import Testing

/// Wider phrasings for the deterministic nets: every crisis message must get crisis resources,
/// every medical or home emergency must be caught, and none of the benign look-alikes may be.
@Suite struct SafetyNetCoverageTests {
    static let crisis: [String] = [
        "I want to die", "i wanna die", "I'm going to end it all tonight", "I have a plan to kill myself",
        "I don't want to live anymore", "thinking about ending my life", "I feel like hurting myself",
        "I want to hurt myself", "I've been self-harming", "I'm suicidal", "life isn't worth living",
        "I wish I was dead", "I wish I were dead", "nobody would miss me if I was gone", "I can't go on like this",
        "I'm going to jump off a bridge", "I'm planning to overdose", "my brother is talking about suicide",
        "my daughter has been cutting herself", "I want to disappear forever", "there's no point in living",
        "I'd be better off dead", "I want to end it", "going to take all my pills", "I have a gun and want to use it on myself",
        "I feel hopeless and want to die", "kms", "I'm going to unalive myself", "he said he wants to kill himself",
        "I keep thinking about killing myself", "I just want it all to end", "I don't see a reason to live",
        "my friend texted that she's going to end her life",
        "I've been thinking of ending things", "I'm going to hang myself", "I took a bunch of pills to die", "i dont want to be alive",
        "I want to stop existing", "I'm a burden to everyone and should just die", "I have thoughts of suicide",
        "my teen said she wants to die", "I'm going to slit my wrists", "life is pointless, I want out",
        "I'm thinking about jumping off the roof", "I hate myself and want to die", "I keep wanting to harm myself",
        "suicidal thoughts again", "I'm ready to end my life", "I want to go to sleep and never wake up",
        "there's no reason for me to live", "i'm going to off myself", "everyone would be happier if I was dead",
        "I wish I didn't exist", "I want to kill myself tonight", "I'm done with life", "I'm thinking of taking my own life",
        "I've decided to end my life", "I'm going to overdose on my meds", "no one cares if I die", "I want to stab myself",
        "i feel like ending it", "my son is threatening suicide", "I cut my wrists", "I don't want to wake up tomorrow",
        "I'm going to drive my car off a cliff", "thinking about walking into traffic", "I should kill myself",
        "I'm tired of living", "I want to end my suffering for good", "I'm writing my suicide note", "I want to be dead",
        "I'm going to kill myself", "can't take it anymore, I want to die", "my wife says she's going to hurt herself",
        "I've been having suicidal thoughts", "I don't want to exist anymore", "I think about dying every day",
        "my life is over, I want to end it", "I tried to overdose last night", "I'm saying goodbye to everyone, this is the end",
        "i want to cut myself", "I plan to shoot myself",
        "I feel like I'm better off gone", "I'm going to take my life", "I want everything to stop, I can't do it",
        "I've been researching ways to kill myself", "my son says life has no meaning and he wants to die",
        "I'm going to end my life this weekend", "I don't care if I live or die", "I want to hurt myself badly", "I keep cutting",
        "I have nothing to live for", "she attempted suicide last year and is talking about it again",
        "I can't stop thinking about killing myself", "I'm going to kill myself with my dad's gun", "I want to sleep forever",
        "I don't think I can keep living like this", "I'm thinking about killing myself tonight", "I wrote goodbye letters to my family",
        "I want to die so badly", "I'm going to swallow all my sleeping pills", "I hurt myself on purpose last night",
        "my husband said he'd be better off dead", "I have a rope ready", "I'm considering suicide", "what's the most painless way to die",
        "I want to end everything", "dad keeps saying he wants to kill himself", "I feel like there's no way out except dying",
        "I want to die in my sleep",
    ]

    @Test(arguments: crisis)
    func crisisMessagesGetCrisisResources(_ message: String) {
        let assessment = MedicalEmergencyNet().assess(message)
        #expect(assessment.needsCrisisResources, "\(message) → \(assessment.kinds)")
        #expect(assessment.text.contains("988"))
    }

    static let medical: [String] = [
        "he's turning blue", "she fainted and isn't breathing", "my husband collapsed", "baby isn't breathing",
        "my son is having trouble breathing", "my wife has chest pressure and is sweating", "grandpa's arm is numb and his face droops",
        "my kid swallowed a magnet", "she ate some of grandma's pills", "he's having an allergic reaction and his throat is closing",
        "my baby swallowed a coin and is choking", "he won't stop shaking and isn't responding", "she hit her head and is unconscious",
        "my dad is slurring his words", "can't wake him up", "there is so much blood", "the cut is gushing blood",
        "she's having an asthma attack and can't breathe", "my toddler got into the cleaning supplies", "he drank antifreeze",
        "my daughter is gasping for air", "he's blue and not moving", "dad grabbed his chest and fell", "my mom is having a heart attack",
        "he's bleeding a lot from his head", "she's unconscious on the floor", "my son's face is swelling after a bee sting",
        "I think she's having a stroke, her smile is crooked", "baby is not breathing properly", "my toddler swallowed a battery",
        "he took too many of his sleeping pills", "grandma ate rat poison", "my son is having convulsions",
        "she fell and is not responding", "he's wheezing and his lips are blue", "I can't breathe",
        "my wife is not breathing!", "my son stopped breathing", "he's choking on a grape", "she can't talk and is clutching her throat",
        "my husband has severe chest pain", "her face is drooping on one side", "my baby is having a seizure", "blood is gushing from his leg",
        "he's unresponsive", "my toddler drank some cleaning fluid", "my daughter swallowed pills from my purse", "grandpa collapsed in the garden",
        "he passed out and isn't breathing", "my child is turning purple", "my dad's chest feels tight and he's sweating", "she is bleeding badly",
        "my son got stung and now his tongue is swelling", "he's having a fit and foaming at the mouth", "my daughter drank nail polish remover",
        "she's not waking up", "my baby choked on a piece of apple", "grandpa can't lift his arm and his speech is slurred",
        "I think my husband is having a seizure", "she overdosed on heroin", "I took 30 tylenol",
        "mom isn't breathing right", "my toddler is choking on a toy", "he's clutching his chest in pain", "her throat feels like it's closing",
        "my son's lips are swelling and he's wheezing", "there's a deep cut and it's spurting blood", "grandma won't respond to us",
        "she had a seizure and still isn't awake", "my kid ate a laundry pod", "I think he's OD'ing", "sudden numbness on one side of his face",
        "baby is blue around the lips",
    ]

    @Test(arguments: medical)
    func medicalEmergenciesAreCaught(_ message: String) {
        let assessment = MedicalEmergencyNet().assess(message)
        #expect(assessment.isEmergency, "\(message)")
        #expect(assessment.text.contains("911"))
    }

    static let benign: [String] = [
        "I could kill for a pizza right now", "this homework is killing me", "my feet are killing me", "I nearly died laughing",
        "dead tired after work", "I'm dead serious", "that joke killed", "kill the lights please", "the battery died",
        "the plant died, so sad", "I'm starving", "I'm so done with this week", "ugh I want to die of embarrassment",
        "we need to kill some time before the movie", "the suspense is killing me", "let's hurt the competition",
        "she cut her hair short", "I cut myself a slice of cake", "I hurt my back lifting boxes", "my knee hurts after running",
        "what's the best way to cut onions?", "breathing is easier with the new inhaler", "I'm choking on this dry cake haha",
        "take a breath and relax", "can't breathe through my nose because of this cold", "I'm short of breath after the stairs",
        "chest day at the gym", "heart rate after exercise", "I'm not having any chest pain", "the baby is sleeping",
        "how do I do CPR?", "what should be in a first aid kit?", "recipe for blood orange sorbet", "strokes of genius",
        "my boss gave me a heart attack with that email", "overdosed on sugar at the party lol", "I'm bleeding money on this car",
        "the colors are bleeding in the wash", "bleeding edge tech", "I'm dying of boredom", "this heat is unbearable",
        "she's dying to meet you", "the movie had a suicide scene", "suicide prevention month events", "fall prevention for seniors",
        "killing it at the gym", "knock 'em dead at the interview", "seizing the day", "police seized the car",
        "I passed out on the couch after dinner", "I blacked out on the name", "grandma fell asleep watching TV",
        "I'm dying to know what happens next", "that presentation killed me", "our wifi keeps dying", "I could die for some tacos",
        "mom will kill me if I'm late", "I'm suffocating under all this laundry", "breathe in, breathe out, relax",
        "do you have breathing tips for sleep", "my heart skipped a beat when I saw the price", "I hurt my finger cutting veggies",
        "she has a cold and a stuffy nose", "the toddler had a tantrum and won't stop crying", "remind me to refill my EpiPen prescription",
        "what do I pack in an anaphylaxis kit?", "stroke survivors support group on Tuesday", "I'm allergic to cats",
        "we watched a movie about a heart attack", "blood test results came back normal", "we took the kids to the blood drive",
        "gonna kill this workout", "this cake is to die for", "the fish died", "I'm so tired I could pass out",
        "I blanked out during the exam", "he's out cold, sleeping like a baby", "choke up on the bat for better control",
        "poisonous plants list for cats", "is bleach poisonous to dogs?", "killing weeds in the garden",
        "error: file does not exist", "that restaurant doesn't exist anymore", "I bought a gun safe to protect myself", "she loves wearing blue",
        "he is blue about losing the game", "the sky turned purple at sunset", "end everything on a high note", "my kid is not moving to the new school",
        "the bus is not moving", "I'm gonna die if I eat one more bite", "I would rather die than sing karaoke",
        "ending things with my boyfriend", "I'm burning out at work", "I hate Mondays", "I feel so down today",
        "I am a burden on the budget lol", "Can you help me write a eulogy?", "How do I talk to my kids about death?",
        "grandpa passed away last year", "let's go to the Dead & Company concert", "play the song 'Disappear'",
        "my phone is dying", "she kills it on the violin", "time to kill the lights", "I'm choked by the traffic", "my heart is full",
        "the chest pain from last month was just a pulled muscle, doctor said fine", "what are signs of a stroke?",
        "tips for helping a choking child", "the meat is bleeding pink juice", "can you breathe life into this party",
        "books about suicide prevention", "how do I know if my dog is choking", "an overdose of homework this week",
        "I nearly fainted when I saw the bill", "I cut myself shaving", "we passed out flyers", "our old dog is dying",
        "hold your breath underwater game", "the flowers are dying", "I'm dying for a coffee", "he killed the spider",
        "breathing room in the budget", "my chest of drawers is broken", "the party was a blast", "I'm heartbroken about the game",
        "we cut the cake at 8", "my daughter fainted from excitement haha", "she's seizing every opportunity", "the bleeding heart liberal",
        "heart attack grill menu", "stroke the dog gently", "I'm drowning in paperwork", "I overdid it at the gym",
        "I feel like dying my hair blue", "shoot me a text later", "the pills are in the cabinet", "poison dart frog facts",
        "he choked in the final round", "I took 2 tylenol for my headache", "I've been cutting coupons all week",
    ]

    @Test func documentedSafetyFirstChoices() {
        let net = MedicalEmergencyNet()
        // Self-harm words are never discounted, so a reassurance still shows crisis resources.
        #expect(net.assess("sorry, I'm not suicidal, just tired").needsCrisisResources)
        // Hypothetical first-aid questions get the fixed first-aid steps.
        #expect(net.assess("what should I do if someone is choking?").kinds == [.choking])
    }

    @Test(arguments: benign)
    func benignLookAlikesAreNotEmergencies(_ message: String) {
        let assessment = MedicalEmergencyNet().assess(message)
        #expect(!assessment.isEmergency, "\(message) → \(assessment.kinds) \(assessment.matches.filter { $0.discount == nil }.map(\.phrase))")
    }

    static let homeEmergencies: [String] = [
        "it smells like gas", "we smell propane", "the fire alarm is going off", "there's smoke in the kitchen",
        "our kitchen caught on fire", "the basement has a foot of water", "the washing machine hose burst",
        "sparks coming out of the socket", "my charger is melting", "CO alarm went off", "the house is filling with smoke",
        "the toilet is overflowing everywhere", "there's a fire in the garage",
    ]

    @Test(arguments: homeEmergencies)
    func homeEmergenciesAreCaught(_ message: String) {
        #expect(HomeEmergencyNet().assess(message).isEmergency, "\(message)")
    }

    static let homeBenign: [String] = [
        "gas bill is due", "the car needs gas", "I have gas after beans", "fire up the grill", "you're fired",
        "the flood of photos on my phone", "cook the steak on high heat", "smoke detector needs a battery",
        "spark joy", "we're out of propane for the grill", "light a candle", "the fireplace is cozy",
        "water the plants in the basement", "outlet mall trip on Saturday", "the kids are on fire with their homework", "that song is fire",
    ]

    @Test(arguments: homeBenign)
    func homeLookAlikesAreNotEmergencies(_ message: String) {
        let assessment = HomeEmergencyNet().assess(message)
        #expect(!assessment.isEmergency, "\(message) → \(assessment.kinds)")
    }
}
