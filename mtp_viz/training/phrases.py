"""Word lists for the miniature's corpus: sayings with plain meanings, characters, places, routines and facts.

Only data, written for this project; how the lists are combined into text lives in corpus.py.
"""

# (saying, what it means). The meaning reads after "It means that ...".
SAYINGS = [
    ("Actions speak louder than words.", "what you do shows more than what you say"),
    ("The early bird catches the worm.", "people who start early get the best chances"),
    ("Practice makes perfect.", "doing something again and again makes you good at it"),
    ("Slow and steady wins the race.", "careful and patient work gets you to the end"),
    ("Look before you leap.", "you should think before you act"),
    ("A stitch in time saves nine.", "fixing a small problem now stops a bigger one later"),
    ("Where there is a will, there is a way.", "if you really want something, you will find a way to do it"),
    ("Don't count your chickens before they hatch.", "you should not be sure of something before it happens"),
    ("Honesty is the best policy.", "telling the truth is always the best choice"),
    ("Every cloud has a silver lining.", "something good can come out of a bad day"),
    ("Two heads are better than one.", "working together helps you solve problems"),
    ("Better late than never.", "it is better to do something late than not at all"),
    ("An apple a day keeps the doctor away.", "healthy food keeps you well"),
    ("Too many cooks spoil the broth.", "when too many people lead, the work goes wrong"),
    ("Many hands make light work.", "when everyone helps, the job is easy"),
    ("Don't judge a book by its cover.", "you cannot know what something is like just from how it looks"),
    ("Birds of a feather flock together.", "people who are alike like to be together"),
    ("The pen is mightier than the sword.", "words can do more than fighting"),
    ("When in Rome, do as the Romans do.", "you should follow the ways of the place you visit"),
    ("Rome wasn't built in a day.", "big things take time"),
    ("All that glitters is not gold.", "something shiny is not always worth much"),
    ("A friend in need is a friend indeed.", "a true friend helps you when you need help"),
    ("Don't put all your eggs in one basket.", "you should not risk everything on one plan"),
    ("Haste makes waste.", "when you rush, you make mistakes"),
    ("Curiosity killed the cat.", "being too curious can lead you into trouble"),
    ("Beauty is in the eye of the beholder.", "different people find different things beautiful"),
    ("Knowledge is power.", "what you learn helps you do more"),
    ("Time is money.", "wasted time is like wasted money"),
    ("Patience is a virtue.", "waiting calmly is a good thing to learn"),
    ("Laughter is the best medicine.", "laughing helps you feel better"),
    ("Necessity is the mother of invention.", "when people need something, they find new ways to make it"),
    ("Absence makes the heart grow fonder.", "we miss the people we love when they are away"),
    ("Out of sight, out of mind.", "we forget the things we do not see"),
    ("The grass is always greener on the other side.", "other people's things often look better than ours"),
    ("You can't have your cake and eat it too.", "you cannot have it both ways"),
    ("A penny saved is a penny earned.", "saving money is as good as earning it"),
    ("Great minds think alike.", "clever people often have the same ideas"),
    ("Easy come, easy go.", "things we get easily are easily lost"),
    ("No pain, no gain.", "you must work hard to get better"),
    ("Strike while the iron is hot.", "you should act when the chance is good"),
    ("Let sleeping dogs lie.", "you should not stir up an old problem"),
    ("Still waters run deep.", "quiet people often think deep thoughts"),
    ("The best things in life are free.", "the things that matter most cost nothing"),
    ("Home is where the heart is.", "home is where the people you love are"),
    ("Every dog has its day.", "everyone gets a turn to shine"),
    ("Good things come to those who wait.", "being patient brings good things"),
    ("It takes two to tango.", "a quarrel always needs two people"),
    ("Don't cry over spilled milk.", "you should not be sad about small things that cannot be changed"),
    ("A watched pot never boils.", "time feels slow when you wait and watch"),
    ("Variety is the spice of life.", "trying new things makes life fun"),
    ("Fortune favors the bold.", "brave people often get lucky"),
    ("The apple doesn't fall far from the tree.", "children are often like their parents"),
    ("Barking dogs seldom bite.", "people who make loud threats rarely act on them"),
    ("A journey of a thousand miles begins with a single step.", "every big task starts with one small step"),
    ("Learn to walk before you run.", "you should learn the easy parts first"),
    ("If at first you don't succeed, try, try again.", "you should keep trying when things are hard"),
    ("Sharing is caring.", "sharing shows that you care about others"),
    ("The squeaky wheel gets the grease.", "people who speak up get help first"),
    ("You reap what you sow.", "what you do comes back to you"),
    ("Practice what you preach.", "you should do what you tell others to do"),
    ("There is no place like home.", "home is the best place of all"),
    ("A picture is worth a thousand words.", "a picture can tell a story better than words"),
    ("Don't bite the hand that feeds you.", "you should be kind to the people who help you"),
    ("Better safe than sorry.", "it is wiser to be careful"),
    ("Hope for the best, but prepare for the worst.", "you should hope for good things but get ready for bad ones"),
    ("Old habits die hard.", "it is hard to stop doing what you always do"),
    ("One good turn deserves another.", "if someone helps you, you should help them back"),
    ("When life gives you lemons, make lemonade.", "you should make the best of a bad day"),
    ("Two wrongs don't make a right.", "doing something bad back does not fix a bad thing"),
    ("Every little bit helps.", "small help still matters"),
    ("A rolling stone gathers no moss.", "people who keep moving do not get stuck"),
    ("Don't make a mountain out of a molehill.", "you should not make a small problem big"),
    ("Great oaks from little acorns grow.", "big things start small"),
    ("Time flies when you're having fun.", "happy hours go by fast"),
    ("The more, the merrier.", "more friends make it more fun"),
    ("Waste not, want not.", "if you do not waste things, you will not run short"),
    ("Silence is golden.", "sometimes being quiet is best"),
    ("First come, first served.", "the first people to arrive are helped first"),
    ("Don't bite off more than you can chew.", "you should not take on more than you can do"),
    ("It is never too late to learn.", "you can learn new things at any age"),
    ("A bird in the hand is worth two in the bush.", "something you have is better than something you might get"),
    ("You can lead a horse to water, but you can't make it drink.", "you can show someone the way but cannot make them take it"),
    ("All's well that ends well.", "a good ending makes up for the trouble"),
    ("Don't put off until tomorrow what you can do today.", "you should do your work now"),
    ("Little strokes fell great oaks.", "many small efforts finish a big job"),
]

# Sayings whose first word is a name and keeps its capital inside a sentence.
PROPER_STARTS = ("Rome",)

# People who give advice in the corpus. The held-out prompts use other speakers.
SPEAKERS = [
    "my grandmother", "my grandfather", "my mother", "my father", "our teacher", "Grandma Rose",
    "Grandpa Sam", "Aunt Lily", "Uncle Max", "Mrs. Brown", "Mr. Green", "the old farmer", "the wise owl",
    "my big sister", "my big brother", "the librarian",
]

# (name, kind, pronoun, possessive)
ANIMALS = [
    ("Benny", "bear", "he", "his"), ("Lucy", "lamb", "she", "her"), ("Max", "mouse", "he", "his"),
    ("Tilly", "turtle", "she", "her"), ("Freddy", "fox", "he", "his"), ("Rosie", "rabbit", "she", "her"),
    ("Ollie", "owl", "he", "his"), ("Daisy", "duck", "she", "her"), ("Sam", "squirrel", "he", "his"),
    ("Penny", "pig", "she", "her"), ("Leo", "lion", "he", "his"), ("Gracie", "goat", "she", "her"),
]
CHILDREN = [
    ("Mia", "she", "her"), ("Tom", "he", "his"), ("Anna", "she", "her"), ("Ben", "he", "his"),
    ("Lily", "she", "her"), ("Jack", "he", "his"), ("Emma", "she", "her"), ("Noah", "he", "his"),
]
ADJECTIVES = ["little", "happy", "brave", "kind", "clever", "shy", "curious", "friendly", "busy", "gentle"]
HOMES = ["small house", "cozy den", "big tree", "little nest", "warm burrow", "red barn"]

# (place, what one does there, the same in the past tense)
PLACES = [
    ("the park", "play on the swings", "played on the swings"),
    ("the pond", "feed the ducks", "fed the ducks"),
    ("the farm", "pick apples", "picked apples"),
    ("the school", "read books", "read books"),
    ("the market", "buy fresh bread", "bought fresh bread"),
    ("the forest", "look for mushrooms", "looked for mushrooms"),
    ("the beach", "build sandcastles", "built sandcastles"),
    ("the garden", "plant flowers", "planted flowers"),
    ("the library", "find a new book", "found a new book"),
    ("the bakery", "bake cookies", "baked cookies"),
    ("the hill", "fly a kite", "flew a kite"),
    ("the river", "throw stones in the water", "threw stones in the water"),
]
WEATHER = [
    ("sunny", "the sky was blue"), ("rainy", "the sky was grey"), ("windy", "the trees were dancing"),
    ("cold", "the ground was white with frost"), ("warm", "the birds were singing"),
    ("cloudy", "the sun was hiding"),
]
FEELINGS = ["happy", "sad", "tired", "excited", "hungry", "scared", "proud", "surprised"]
ROUTINE_STEPS = [
    "wakes up", "brushes {pos} teeth", "eats breakfast", "walks to school", "reads a book",
    "plays with {pos} friends", "eats lunch", "helps in the garden", "has a bath", "eats dinner",
    "listens to a story", "goes to bed",
]
TIMES = ["seven o'clock", "eight o'clock", "nine o'clock", "noon", "three o'clock", "five o'clock",
         "six o'clock", "seven in the evening", "eight in the evening"]
DREAMS = ["flying over the hills", "a giant cake", "the sea", "a bright star", "a friendly dragon",
          "a garden full of flowers"]

# Small plots: (goal, obstacle, what they did, indices of sayings that fit as the moral)
PLOTS = [
    ("build a tall tower of blocks", "it fell down again and again", "kept trying, one block at a time", (55, 2, 19)),
    ("win the race to the big tree", "the others were much faster", "ran slowly and never stopped", (3,)),
    ("cross the river", "the water looked deep", "looked for the shallow stones first", (4, 63)),
    ("fix a small hole in the roof", "it was only a tiny hole", "fixed it before the rain came", (5,)),
    ("carry a heavy basket home", "it was too heavy for one", "asked all the friends to help", (14, 10, 56)),
    ("tell the truth about the broken cup", "it was scary to say it", "told mother what happened", (8,)),
    ("plant a big apple tree", "the seed was very small", "watered it every day for a long time", (72, 45, 53)),
    ("make a cake with five friends", "everyone wanted to add something", "let one friend lead", (13,)),
    ("catch the first bus to the sea", "it left very early", "got up before the sun", (1,)),
    ("learn to ride a bike", "it was hard to stay up", "practiced every afternoon", (2, 55)),
    ("save coins for a new ball", "sweets were sold on the way home", "put every coin in a jar", (35, 75)),
    ("help a lost duckling", "it was getting dark", "walked it back to the pond", (21, 66)),
    ("paint a picture for grandma", "there were no words to say thanks", "painted the whole family", (61,)),
    ("finish a long puzzle", "there were a thousand pieces", "did ten pieces each day", (53, 84)),
    ("open a shiny box", "it looked like treasure", "found only stones inside", (20, 15)),
]

# (question, answer) for the simple explanations.
FACTS = [
    ("Why is the sky blue?", "Sunlight is made of many colours, and the air scatters blue light the most."),
    ("Why do we need to sleep?", "Sleep lets the body rest and helps the brain remember what we learned."),
    ("Why do plants need water?", "Plants drink water through their roots and use it to grow."),
    ("What do bees make?", "Bees make honey from the sweet juice of flowers."),
    ("Why does ice melt?", "Ice melts when it gets warm, and it turns back into water."),
    ("Where does rain come from?", "Rain falls from clouds, which are made of tiny drops of water."),
    ("Why do birds fly south?", "Many birds fly to warm places when winter comes."),
    ("What is the moon?", "The moon is a big ball of rock that goes around the Earth."),
    ("Why do we brush our teeth?", "Brushing takes away bits of food and keeps our teeth strong."),
    ("What is a rainbow?", "A rainbow appears when sunlight shines through drops of rain."),
    ("Why do cats purr?", "Cats often purr when they feel calm and happy."),
    ("What do cows eat?", "Cows eat grass, and they chew it for a long time."),
    ("Why do leaves change colour?", "In autumn, leaves stop making green and show their yellow and red."),
    ("What is the sun?", "The sun is a star, and it gives us light and warmth."),
    ("Why do we eat vegetables?", "Vegetables help our bodies grow strong and stay well."),
    ("How do fish breathe?", "Fish breathe with gills, which take air out of the water."),
    ("Why is the sea salty?", "Rivers carry tiny bits of salt from the rocks into the sea."),
    ("What makes thunder?", "Thunder is the sound that lightning makes when it heats the air."),
    ("Why do we wash our hands?", "Washing our hands takes away germs that can make us sick."),
    ("What do caterpillars become?", "Caterpillars grow and change into butterflies."),
    ("Why do dogs wag their tails?", "Dogs wag their tails when they are happy to see you."),
    ("How do seeds grow?", "A seed needs soil, water and sunlight, and then a small shoot comes out."),
    ("Why do we have seasons?", "The Earth is tilted, so different places get more or less sunlight in the year."),
    ("What is wind?", "Wind is air that moves from one place to another."),
]
