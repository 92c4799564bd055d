import LLM
import Skills

/// Routing metadata of the 19 HomeOS skills: ids, summaries, keywords and example messages.
///
/// The skills' implementations use these descriptors as their declarations, so routing, the
/// manifest and the evaluations all see the same metadata.
public enum HomeOSSkillCatalog {
    /// All 19 skills, in display order.
    public static let all: [SkillDescriptor] = [
        mealPlanning, restaurantReservation, healthcare, education, school, homeMaintenance, transportation,
        familyComms, familyBonding, mentalLoad, habits, wellness, hireHelper, marketplaceSell, telephony,
        noteToActions, psyRich, elderCare, tools,
    ]

    public static let mealPlanning = SkillDescriptor(
        id: "meal-planning", name: "Meal planning",
        summary: "Suggests dinners and recipes that respect allergies and diets, plans the week's meals and makes grocery lists.",
        permissions: [.readFamilyData, .writeFamilyData],
        keywords: ["dinner", "recipe", "cook", "meal plan", "grocery list", "shopping list", "what to eat", "ingredients",
                   "substitute", "calories", "nutrition", "lunch", "breakfast", "bake"],
        examples: ["What should we have for dinner tonight?", "Make a grocery list for this week's meals",
                   "Give me a recipe for vegetarian lasagna", "What can I use instead of eggs?",
                   "How many calories are in an apple?", "Plan our meals for the week",
                   "Give me a dinner idea without peanuts", "What can I cook with chicken and rice?",
                   "We're out of dinner ideas", "Suggest a quick vegetarian dinner", "What did we eat last week?",
                   "Healthy lunch ideas for the kids"])

    public static let restaurantReservation = SkillDescriptor(
        id: "restaurant-reservation", name: "Restaurant reservation",
        summary: "Books a table at a restaurant (cuisine, date, time, party size) after the family approves.",
        permissions: [.calendar, .spendMoney, .network],
        keywords: ["book a table", "reservation", "reserve a table", "restaurant", "table for"],
        examples: ["Book a table at an Italian place for Saturday at 7pm for 4",
                   "Reserve sushi for two tomorrow night", "Cancel my reservation at Luigi's",
                   "Does the Thai place take reservations?", "Get us a table for 6 on Friday at 6:30",
                   "Reserve a table at a Mexican restaurant tonight", "Can you book dinner out for our anniversary?",
                   "Cancel my reservation for Saturday", "Find a restaurant for brunch on Sunday for 5",
                   "Book a table for two at 8pm"])

    public static let healthcare = SkillDescriptor(
        id: "healthcare", name: "Health",
        summary: "Triages symptoms (emergency, urgent, monitor, informational), looks up medications, refills and appointments. Not medical advice.",
        permissions: [.healthData, .readFamilyData],
        keywords: ["fever", "symptom", "medication", "medicine", "doctor", "pills", "refill", "rash", "cough", "headache",
                   "sick", "hurts", "pain", "can't breathe", "allergic reaction", "chest pain", "bleeding", "sore throat",
                   "vomiting", "temperature", "stomach ache", "earache", "diarrhea", "dose", "ibuprofen", "tylenol",
                   "metformin", "lisinopril", "antibiotic", "inhaler"],
        examples: ["Leo has a fever of 39", "When is grandma's metformin refill due?", "My daughter can't breathe",
                   "Is it ok to take ibuprofen with a cold?", "When is Ava's next doctor appointment?",
                   "My son has a sore throat and a temperature", "The baby has been vomiting since this morning",
                   "She has a stomach ache, what should we do?", "He's had a cough for a week", "My ear hurts",
                   "Our toddler has a rash on her arms", "What dose of children's Tylenol for a 9 year old?",
                   "What medications does grandpa take?", "Leo threw up twice tonight",
                   "Is ibuprofen safe for a 9 year old?", "Maria has a bad headache",
                   "Does Daniel need a refill of his inhaler?", "What dose of Tylenol can Leo have?",
                   "My son has a rash on his arm", "What time is grandpa's lisinopril dose?",
                   "How often does Maria take her thyroid medicine?", "Did grandma take her evening pills?"])

    public static let education = SkillDescriptor(
        id: "education", name: "Learning help",
        summary: "Explains school topics at the child's level and helps with homework without doing it for them.",
        keywords: ["homework", "explain", "math problem", "study", "learn", "fractions", "science", "essay"],
        examples: ["Explain photosynthesis to a 10 year old", "Help Leo with his fractions homework",
                   "How do volcanoes work?", "Quiz Ava on her spelling words",
                   "Why is the sky blue? Explain it simply", "Help with a science project about plants",
                   "Practice multiplication tables with Leo", "What is the capital of Australia?"])

    public static let school = SkillDescriptor(
        id: "school", name: "School",
        summary: "School schedules, grades, teachers and school events from the family's data.",
        permissions: [.readFamilyData],
        keywords: ["school", "teacher", "grade", "report card", "parent-teacher", "class schedule", "field trip"],
        examples: ["When is the parent-teacher conference?", "What grade did Ava get in math?",
                   "Is there school on Monday?", "When is the next school holiday?",
                   "What homework does Leo have due this week?", "Show Ava's report card",
                   "What time does school start tomorrow?", "Is the field trip permission slip due?",
                   "Set up a meeting with Ava's teacher", "When are parent-teacher conferences this term?",
                   "Is there a school assembly next week?"])

    public static let homeMaintenance = SkillDescriptor(
        id: "home-maintenance", name: "Home maintenance",
        summary: "Appliance care and repair schedules; gas smells and flooding are emergencies (leave, shut off, call).",
        permissions: [.readFamilyData, .writeFamilyData],
        keywords: ["leak", "leaking", "furnace", "dishwasher", "gas smell", "smell gas", "flooding", "repair", "maintenance",
                   "oil change", "tire", "broken", "plumber", "filter", "clogged", "drain", "blocked"],
        examples: ["The dishwasher is leaking", "When is the furnace filter due?", "I smell gas in the kitchen",
                   "When should I change the car's oil?", "How do I jump start the car?", "The basement is flooding",
                   "When should we service the water heater?", "The fridge is making a weird noise",
                   "Our toilet keeps running", "Log that we replaced the smoke detector batteries",
                   "The heater isn't working", "The bathroom drain is blocked", "The toilet is clogged again",
                   "Water won't drain from the shower", "The garbage disposal is jammed"])

    public static let transportation = SkillDescriptor(
        id: "transportation", name: "Transportation",
        summary: "Rides, car pools, directions, traffic and travel times; paid rides need approval.",
        permissions: [.spendMoney, .network, .location],
        keywords: ["ride", "uber", "taxi", "traffic", "directions", "drive", "pick up", "drop off", "train", "bus", "commute"],
        examples: ["Get Ava a ride to soccer at 5", "How is traffic to downtown?", "How far is the airport?",
                   "Book a taxi to the station", "Who drives Leo to swimming?",
                   "Who is driving Leo to practice tomorrow?", "Book a ride to the airport at 6am",
                   "How long is the drive to grandma's house?", "Order a taxi to the station",
                   "Set up a carpool for school"])

    public static let familyComms = SkillDescriptor(
        id: "family-comms", name: "Family messages",
        summary: "Sends messages to family members and keeps chore rotation fair.",
        permissions: [.contactPeople, .readFamilyData],
        keywords: ["tell", "message", "text", "send", "email", "let know", "chore", "whose turn", "post"],
        examples: ["Tell Daniel dinner is at 7", "Text mom that we're running late",
                   "Whose turn is it to do the dishes?", "Send an email to the soccer coach",
                   "Let everyone know we're leaving at 8", "Send a message to the family group",
                   "Make a fair chore rota for the kids", "Tell the kids dinner is ready",
                   "Ask Daniel to pick up bread on the way home"])

    public static let familyBonding = SkillDescriptor(
        id: "family-bonding", name: "Family time",
        summary: "Three activity ideas that fit the children's ages; dining out is handed to restaurant reservation.",
        keywords: ["family activity", "weekend plans", "things to do", "fun", "together", "game night", "events"],
        examples: ["Ideas for a family weekend", "Something fun to do together tonight",
                   "What events are on this weekend?", "Family activity ideas for a rainy day",
                   "Game night ideas for the kids", "Plan a fun Saturday for the whole family",
                   "Things to do with the grandparents this weekend", "A day trip idea for the family",
                   "Let's go out for dinner as a family"])

    public static let mentalLoad = SkillDescriptor(
        id: "mental-load", name: "Daily briefing",
        summary: "Morning briefing and evening wind-down from the family's calendar and tasks; organises to-dos.",
        permissions: [.readFamilyData],
        keywords: ["briefing", "brief me", "rundown", "what's on today", "my day", "overwhelmed", "organize", "wind down",
                   "plan my week"],
        examples: ["What's on today?", "Give me my morning briefing", "Help me organise this week", "I'm overwhelmed",
                   "What do I have going on tomorrow?", "Help me plan my week", "Give me the evening wind-down",
                   "What's left on my to-do list?", "I have too much to do, help me prioritise",
                   "Morning rundown, please", "Summarise my day for me", "Catch me up on today's schedule",
                   "What does tomorrow look like for the family?", "Help me wind down tonight"])

    public static let habits = SkillDescriptor(
        id: "habits", name: "Habits",
        summary: "Tracks habits and streaks and encourages them.",
        permissions: [.readFamilyData, .writeFamilyData],
        keywords: ["habit", "streak", "log my", "track my", "meditat", "read every day"],
        examples: ["Log my reading habit", "How long is my meditation streak?", "I want to start journaling daily",
                   "I read for 20 minutes today", "Track my running habit", "Did I keep my flossing streak?",
                   "Mark my piano practice done", "Help me build a habit of drinking less coffee"])

    public static let wellness = SkillDescriptor(
        id: "wellness", name: "Wellness",
        summary: "Water, steps and sleep logs, with gentle nudges.",
        permissions: [.healthData, .writeFamilyData],
        keywords: ["water", "steps", "sleep", "walked", "hydrat", "slept"],
        examples: ["I drank two glasses of water", "How did I sleep this week?", "I walked 8000 steps today",
                   "Log 7 hours of sleep", "How many steps did I take yesterday?", "I had 3 cups of water so far",
                   "How am I doing on my sleep goal?", "I feel stressed, any tips to relax?",
                   "I only got five hours of sleep", "I went to bed at midnight and woke up at 7",
                   "I slept badly again"])

    public static let hireHelper = SkillDescriptor(
        id: "hire-helper", name: "Hire help",
        summary: "Finds a babysitter, cleaner or handyman for a date and budget, after approval.",
        permissions: [.spendMoney, .contactPeople, .network],
        keywords: ["babysitter", "nanny", "cleaner", "handyman", "hire", "sitter", "dog walker"],
        examples: ["Find a babysitter for Friday night", "Hire a cleaner for next week under $100",
                   "We need a handyman", "Can you get someone to walk the dog on Saturday?",
                   "Book a plumber to fix the sink tomorrow", "We need a house cleaner every other week",
                   "Find a tutor for Ava, budget $30 an hour", "Hire a pet sitter while we're away",
                   "Find a painter for the fence"])

    public static let marketplaceSell = SkillDescriptor(
        id: "marketplace-sell", name: "Sell items",
        summary: "Writes a listing for something the family wants to sell, posted only after approval.",
        permissions: [.network],
        keywords: ["sell", "listing", "for sale", "get rid of", "marketplace"],
        examples: ["Sell our old stroller", "List the bike for sale for $80", "Help me sell the sofa",
                   "Post our old crib online for $50", "I want to sell the treadmill",
                   "Put the kids' bikes up for sale", "Write a listing for the dining table",
                   "Sell the TV we don't use"])

    public static let telephony = SkillDescriptor(
        id: "telephony", name: "Calls",
        summary: "Looks up contacts and places calls, only after approval.",
        permissions: [.contactPeople],
        keywords: ["call", "phone", "dial", "phone number", "ring"],
        examples: ["Call the dentist", "What's grandma's phone number?", "Phone Daniel", "Call grandma",
                   "Dial the pediatrician", "What's the plumber's number?", "Ring Daniel's mobile",
                   "Phone the school office"])

    public static let noteToActions = SkillDescriptor(
        id: "note-to-actions", name: "Notes to actions",
        summary: "Turns a pasted note into action items saved as reminders.",
        permissions: [.writeFamilyData],
        keywords: ["notes", "action items", "turn this into", "make tasks", "meeting notes"],
        examples: ["Turn these meeting notes into tasks", "Make reminders from this list: pay rent, call plumber",
                   "Turn this note into action items", "Here are my notes from the school meeting, make tasks",
                   "Convert this list into reminders: buy milk, renew passport", "Extract the to-dos from this email"])

    public static let psyRich = SkillDescriptor(
        id: "psy-rich", name: "New experiences",
        summary: "Suggests novel, enriching shared experiences the family has not tried.",
        keywords: ["something new", "never tried", "adventure", "unusual", "new experience"],
        examples: ["Something new we have never tried", "An unusual experience for our anniversary",
                   "Something we have never done before as a family", "A unique weekend adventure",
                   "Surprise experience ideas for the kids", "Try something new this month",
                   "An experience to remember together"])

    public static let elderCare = SkillDescriptor(
        id: "elder-care", name: "Elder care",
        summary: "Check-ins with older relatives and triage of concerns (a fall is urgent).",
        permissions: [.healthData, .contactPeople],
        keywords: ["grandma", "grandpa", "grandmother", "grandfather", "fell", "elderly", "check on"],
        examples: ["Grandma fell this morning", "Check in on grandpa", "Grandpa seems confused today",
                   "Mom hasn't been eating well since she moved in", "How is grandma doing today?",
                   "Grandpa keeps forgetting his pills", "Grandma hasn't eaten today", "Has grandpa taken his pills?",
                   "Grandma sounds lonely, what can we do?", "Grandpa is having trouble walking",
                   "Schedule a daily check-in with grandma"])

    public static let tools = SkillDescriptor(
        id: "tools", name: "Reminders and tools",
        summary: "Reminders with natural-language times, alarms, timers, lists, calendar entries, the date and time, and the weather.",
        permissions: [.readFamilyData, .writeFamilyData, .calendar],
        keywords: ["remind", "reminder", "alarm", "timer", "weather", "forecast", "calendar", "schedule", "to do list",
                   "todo", "what time", "what day", "rain", "list"],
        examples: ["Remind me at 5 to call mom", "Set an alarm for 6 am", "Will it rain tomorrow?",
                   "Add milk to the shopping list", "What's on my calendar on Friday?", "Set a timer for 10 minutes",
                   "Remind me tomorrow at 9 to call the dentist", "What's the weather this weekend?",
                   "Take a note: the wifi password is on the fridge", "Wake me up at 7",
                   "Remind me to pay the water bill on Friday"])
}
