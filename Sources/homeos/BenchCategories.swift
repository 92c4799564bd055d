import LLM

/// The 19 HomeOS skills as classification categories, for `homeos dev bench bridge` (until the skill
/// registry exists, this is the closest realistic category set).
enum BenchCategories {
    static let skills: [ClassificationCategory] = [
        .init(name: "meal-planning", description: "Dinner ideas, weekly meal plans, recipes and grocery lists.",
              examples: ["What should we have for dinner tonight?", "Make a grocery list for this week"]),
        .init(name: "restaurant-reservation", description: "Booking a table at a restaurant.",
              examples: ["Book a table for 4 on Saturday at 7pm", "Reserve sushi for tomorrow"]),
        .init(name: "healthcare", description: "Symptoms, medications, refills and doctor appointments.",
              examples: ["Leo has a fever of 39", "When is grandma's refill due?"]),
        .init(name: "education", description: "Homework help and learning explanations.",
              examples: ["Explain photosynthesis to a 10 year old", "Help with fractions homework"]),
        .init(name: "school", description: "School schedules, grades, events and teachers.",
              examples: ["When is the parent-teacher conference?", "What grade did Ava get in math?"]),
        .init(name: "home-maintenance", description: "Appliances, repairs, maintenance schedules, gas smells and leaks.",
              examples: ["The dishwasher is leaking", "When is the furnace filter due?"]),
        .init(name: "transportation", description: "Rides, car pooling, drives and commute.",
              examples: ["Get Ava a ride to soccer", "Who drives Leo to swimming?"]),
        .init(name: "family-comms", description: "Messages to family members and chore rotation.",
              examples: ["Tell Daniel dinner is at 7", "Whose turn is it to do the dishes?"]),
        .init(name: "family-bonding", description: "Activities and outings for the whole family.",
              examples: ["Ideas for a family weekend", "Something fun to do together tonight"]),
        .init(name: "mental-load", description: "Morning briefings, evening wind-down, organising tasks.",
              examples: ["What's on today?", "Help me organise this week"]),
        .init(name: "habits", description: "Habit tracking and streaks.",
              examples: ["Log my reading habit", "How long is my meditation streak?"]),
        .init(name: "wellness", description: "Water, steps and sleep logs and nudges.",
              examples: ["I drank two glasses of water", "How did I sleep this week?"]),
        .init(name: "hire-helper", description: "Hiring a babysitter, cleaner or handyman.",
              examples: ["Find a babysitter for Friday night", "Hire a cleaner for next week"]),
        .init(name: "marketplace-sell", description: "Selling items online: listing text and price.",
              examples: ["Sell our old stroller", "List the bike for sale"]),
        .init(name: "telephony", description: "Calling people and looking up contacts.",
              examples: ["Call the dentist", "What's grandma's phone number?"]),
        .init(name: "note-to-actions", description: "Turning a pasted note into action items and reminders.",
              examples: ["Turn these meeting notes into tasks", "Make reminders from this list"]),
        .init(name: "psy-rich", description: "Novel, enriching shared experiences.",
              examples: ["Something new we have never tried", "An unusual experience for our anniversary"]),
        .init(name: "elder-care", description: "Check-ins and concerns about older relatives.",
              examples: ["Grandma fell this morning", "Check in on grandpa"]),
        .init(name: "tools", description: "Reminders, notes, timers and the weather.",
              examples: ["Remind me at 5 to call mom", "What's the weather tomorrow?"]),
    ]

    static let messages = [
        "What can we cook tonight with chicken and rice?", "Book a table for two at an Italian place on Friday",
        "Ava has a rash on her arm", "Can you explain long division?", "When does school start after the break?",
        "There is water under the sink", "Can someone pick Leo up from swimming?", "Tell everyone dinner is ready",
        "What could we do as a family this Sunday?", "Give me my morning briefing", "I meditated today",
        "I walked 8000 steps", "We need a babysitter on Saturday", "I want to sell the old sofa",
        "Call grandma", "Here are my notes from the meeting, make tasks", "Something totally new for the weekend",
        "Grandpa sounded confused on the phone", "Remind me to water the plants at 6", "Will it rain tomorrow?",
    ]
}
