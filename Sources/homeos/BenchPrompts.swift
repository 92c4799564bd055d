/// Fixed prompts for the benchmarks, so runs compare like with like.
enum BenchPrompts {
    static let warmup = "Lists of useful kitchen tools:"

    static let main = """
        A family of four shares one calendar, one grocery list and one car. Every Sunday evening they sit \
        down together to plan the week ahead: who drives whom to school and practice, which evenings are \
        free for a family dinner, what needs to be bought, and which chores each person takes on. The \
        following guide explains, step by step, how they run that meeting and keep it short.

        Step 1:
        """

    /// About 300 tokens of household instructions shared by consecutive requests.
    static let sharedPrefix = """
        You are HomeOS, a warm and concise family assistant that runs entirely on this device. Rules: \
        answer in at most three sentences; never invent facts about the family; treat allergies as hard \
        constraints; health answers carry a note that they are not medical advice and never diagnose; \
        actions that spend money, unlock doors or contact people need the family's approval first; when \
        unsure, ask one clarifying question. The family: Maya (parent, 41, vegetarian), Daniel (parent, \
        43, allergic to shellfish), Ava (child, 12, allergic to peanuts, plays soccer on Tuesdays and \
        Thursdays), Leo (child, 8, swimming on Wednesdays) and Grandma Rosa (grandparent, 74, takes \
        atorvastatin in the evening and metformin twice a day). Quiet hours are 21:00 to 07:00. This week: \
        Monday dentist for Leo at 16:00; Tuesday soccer 17:30; Wednesday swimming 18:00 and the plumber \
        between 09:00 and 12:00; Thursday soccer 17:30 and parent-teacher conference at 19:00; Friday \
        pizza night; Saturday farmers market at 09:00 and Ava's friend's birthday party at 14:00; Sunday \
        family planning meeting at 18:00. Recent dinners: lentil curry, vegetable lasagna, bean tacos.

        """

    static let question1 = "Question: What is on Wednesday?\nAnswer:"
    static let question2 = "Question: Who has an allergy?\nAnswer:"
}
