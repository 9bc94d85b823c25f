"""English for every Danish source string (Danish is the source language and the default).
``python scripts/translations_en.py`` fills locale/en/LC_MESSAGES/django.po; game words stay Danish."""
EN = {
    "For mange mislykkede forsøg. Vent et kvarter, og prøv igen.": "Too many failed attempts. Wait a quarter of an hour and try again.",
    "Sæson": "Season", "alle": "all", "Fra": "From", "Til": "To", "Medtag åbne aftener": "Include open evenings",
    "hjem": "home", "tabt": "lost", "hjerter": "hearts", "ruder": "diamonds", "klør": "clubs", "spar": "spades",
    "konger": "kings", "konge": "king", "dame": "queen", "kavaler": "cavalier", "knægt": "knave",
    "kopperne ikke flyttet": "cups not moved", "fejlgivning": "misdeal", "forkert antal kort": "wrong card count",
    "falsk melding": "false meld", "glemt melding": "missed meld", "meldt før giveren": "melded before the dealer",
    "spillet uden for tur": "played out of turn", "falsk skiskald": "false scies call", "anden bøde": "other fine",
    "Taroks med pagat": "Taroks with pagat", "%(n)s med": "%(n)s with", "Taroks uden pagat": "Taroks without pagat",
    "%(n)s uden": "%(n)s without", "Matadorer": "Matadors", "%(n)s store": "%(n)s matadors", "Sprøjte": "Overfull",
    "sprøjte i %(g)s": "overfull in %(g)s", "Hele": "Full", "hele %(g)s": "full %(g)s", "Halve konger": "Half kings",
    "halve konger, mangler %(s)s konge": "half kings, missing the %(s)s king", "Halve %(g)s": "Half %(g)s",
    "halve %(g)s, mangler %(c)s": "half %(g)s, missing the %(c)s", "Spillet": "Deal", "spillet": "played",
    "kasseret": "scrapped", "Giver": "Dealer", "Pagat hos": "Pagat held by", "Pagat": "Pagat",
    "%(s)s konge hos": "%(s)s king held by", "Skæbne": "Fate", "Sidste stik": "Last trick", "Udregnes": "Derived",
    "Melder": "Melder", "Melding": "Meld", "Bødlagt": "Fined", "Bøde": "Fine", "Beløb pr. kop": "Amount per cup",
    "Vælg både melder og melding.": "Choose both the melder and the meld.",
    "Vælg både spiller og bøde.": "Choose both the player and the fine.", "Dato": "Date", "Plads %(n)s": "Seat %(n)s",
    "eller ny spiller": "or a new player",
    "Vælg en spiller eller skriv et nyt navn, ikke begge.": "Choose a player or type a new name, not both.",
    "En spiller kan kun sidde ét sted ved bordet.": "A player can sit in only one seat at the table.",
    "Et bord har 3 til 5 spillere.": "A table seats 3 to 5 players.", "Aftenfil (JSON)": "Evening file (JSON)",
    "Filen er for stor (højst 1 MB).": "The file is too large (at most 1 MB).",
    "Filen er ikke UTF-8-tekst.": "The file is not UTF-8 text.",
    "Filen er ikke gyldig JSON: %(e)s": "The file is not valid JSON: %(e)s", "navn": "name",
    "kroner pr. point": "kroner per point", "takstkort": "rate card", "klub": "club", "klubber": "clubs",
    "starter": "starts", "slutter": "ends", "sæson": "season", "sæsoner": "seasons", "spiller": "player",
    "spillere": "players", "dato": "date", "lukket": "closed", "aften": "evening", "aftener": "evenings",
    "bord": "table", "borde": "tables", "åbning": "opening", "spil": "deal", "deling": "split",
    "tilbageførsel": "reversal", "posteringer": "journal entries", "kongekop": "kongekop", "pagatkop": "pagatkop",
    "klubadministrator": "club admin", "skriver": "scorekeeper", "medlem": "member", "rolle": "role",
    "medlemskab": "membership", "medlemskaber": "memberships",
    "Aftenen er lukket; den kan ikke ændres.": "The evening is closed; it cannot be changed.",
    "En anden har registreret et spil ved bordet – her er arket nu; dine indtastninger er bevaret.":
        "Someone else recorded a deal at this table – here is the sheet now; your input is kept.",
    "Alle spillere skal være medlemmer af klubben.": "All players must be members of the club.",
    "%(names)s sidder allerede ved et andet bord i aften.": "%(names)s already sits at another table tonight.",
    "Spillet er allerede rettet; ret den nyeste udgave.": "The deal was already corrected; correct the newest version.",
    "Navnet må ikke være tomt.": "The name must not be empty.", "Aftenen hører til en anden klub.": "The evening belongs to another club.",
    "Spiller": "Player", "Aftener": "Evenings", "Spil": "Deals", "Point": "Points", "Kroner": "Kroner",
    "Gns. pr. spil": "Avg. per deal", "Pagat ultimo": "Pagat ultimo", "Konge ultimo": "King ultimo",
    "Pagat bagud": "Pagat bagud", "Konge bagud": "King bagud", "Meldepoint": "Meld points", "Bøder": "Fines",
    "Bedste aften": "Best evening", "Værste aften": "Worst evening", "Samlet": "Cumulative", "Lukket": "Closed",
    "Borde": "Tables", "Kopper delt": "Cups shared", "Du kan ikke oprette aftener.": "You cannot create evenings.",
    "Aftenen er lukket, og kopperne er delt.": "The evening is closed and the cups are shared.",
    "Aftenfilen er indlæst.": "The evening file was imported.", "Du kan ikke indlæse aftener.": "You cannot import evenings.",
    "Samlede point for %(name)s": "Cumulative points for %(name)s", "Spil %(n)s er gemt.": "Deal %(n)s is saved.",
    "Spil %(n)s er rettet.": "Deal %(n)s is corrected.", "Log ud": "Log out", "Log ind": "Log in",
    "Brugernavn": "Username", "Adgangskode": "Password", "Vis": "Show",
    "Spillerne i den rækkefølge, der gives i (3 til 5).": "The players in dealing order (3 to 5).",
    "Stilling": "Standings", "Førerfeltet": "Leaderboard", "Ingen lukkede aftener endnu.": "No closed evenings yet.",
    "Største kopper vundet": "Largest cups won", "Aftener og kopper": "Evenings and cups", "Hent": "Download",
    "Ret spil %(n)s": "Correct deal %(n)s", "Bord": "Table", "Ret spil %(n)s ved bord %(t)s": "Correct deal %(n)s at table %(t)s",
    "Rettelsen gemmes som en ny udgave; den gamle bevares, og alle senere spil genberegnes.":
        "The correction is saved as a new version; the old one is kept and every later deal is settled again.",
    "Gem rettelse": "Save correction", "Fortryd": "Cancel", "Luk aftenen": "Close the evening",
    "Når aftenen lukkes, deles kongekoppen og pagatkoppen ligeligt mellem spillerne ved hvert bord, stillingen bliver endelig, og aftenen kan derefter kun læses.":
        "Closing the evening shares the kongekop and the pagatkop equally among the players at each table, makes the totals final, and leaves the evening read-only.",
    "Ja, luk aftenen": "Yes, close the evening", "Åben": "Open", "Afregningsark (PDF)": "Settlement sheet (PDF)",
    "%(n)s spil": "%(n)s deals", "Eksportér": "Export", "heraf deling af kopperne": "of which the cups' split",
    "Slutresultat": "Final result", "Hvem betaler hvem": "Who pays whom",
    "%(payer)s betaler %(payee)s %(points)s point": "%(payer)s pays %(payee)s %(points)s points",
    "Ingen skylder noget.": "Nobody owes anything.", "Nyt bord": "New table", "Indlæs bord": "Import table",
    "Indlæs et bord fra en aftenfil": "Import a table from an evening file", "Importér aften": "Import evening",
    "Klub": "Club", "Indlæs": "Import", "Ny aften": "New evening", "Bord 1": "Table 1", "Opret aften": "Create evening",
    "åben": "open", "Ingen aftener endnu.": "No evenings yet.", "Sidder over": "Sits out", "Tælling": "Counting",
    "Tast to tal; den tredje udregnes.": "Enter two counts; the third is derived.",
    "Udregnes (hvis alle tre tæller)": "Derived (if all three count)", "Meldinger": "Melds",
    "Konger tabt / ultimo / bagud": "Kings lost / ultimo / bagud", "Tout / nolo": "Tout / nolo",
    "point pr. kop": "points per cup", "%(name)s udregnes: %(amount)s": "%(name)s is derived: %(amount)s",
    "Alle betalinger": "All payments", "K-kop": "K-cup", "P-kop": "P-cup", "start": "start", "Ret": "Correct",
    "I alt": "Total", "Forhånd": "Forehand", "Mellemhånd": "Middlehand", "side": "page", "af": "of",
    "Takstkort": "Rate card", "%(rate)s kr. pr. point": "%(rate)s kr. per point",
    "Foreløbig – aftenen er ikke lukket": "Provisional – the evening is not closed", "Kongekop": "Kongekop",
    "Pagatkop": "Pagatkop", "Betaler": "Payer", "Underskrifter": "Signatures", "fra": "from", "til": "to",
    "Samlede point aften for aften": "Cumulative points evening by evening", "Spil %(n)s": "Deal %(n)s",
    "Betalingerne vises her, mens du taster.": "The payments appear here as you type.", "Gem spil": "Save deal",
    "Aftenen er lukket; arket kan kun læses.": "The evening is closed; the sheet is read-only.", "Arket": "The sheet",
    "Opret bord": "Create table", "giverafgift": "dealer's fee", "bøde": "fine", "melding": "meld",
    "pagat hjem": "pagat home", "pagat tabt": "pagat lost", "konge tabt": "king lost", "sidste stik": "last trick",
    "tælling": "counting", "kop genfyldt": "cup refilled",
    'kongen': 'the king',
    'damen': 'the queen',
    'kavaleren': 'the cavalier',
    'knægten': 'the knave',
    'matadorer': 'matadors',
    'sprøjte': 'overfull',
    'Konger': 'Kings',
    'sprøjte konger': 'overfull kings',
    'hele konger': 'full kings',
    'hele i %(g)s': 'full %(g)s',
    'halve i %(g)s, mangler %(c)s': 'half %(g)s, missing %(c)s',
    '%(name)s (sidder over)': '%(name)s (sits out)',
    '%(s)s konge': '%(s)s king',
    'Vælg både hvem og hvad.': 'Choose both who and what.',
    'Aftenen er lukket; der kan ikke sættes flere borde op.': 'The evening is closed; no more tables can be added.',
    'Aftenen er allerede lukket.': 'The evening is already closed.',
    'Filen er ikke UTF-8-tekst; gem den som UTF-8 og prøv igen.': 'The file is not UTF-8 text; save it as UTF-8 and try again.',
    'Filen er ikke gyldig JSON (fejl i linje %(line)s, kolonne %(col)s).': 'The file is not valid JSON (error in line %(line)s, column %(col)s).',
    'Filen er ikke gyldig JSON (for dybt indlejret).': 'The file is not valid JSON (nested too deeply).',
    'Aftenfilen er indlæst som bord %(n)s.': 'The evening file was imported as table %(n)s.',
    'Aftenen er lukket; der kan ikke indlæses flere borde.': 'The evening is closed; no more tables can be imported.',
    'konge bagud (%(suit)s)': 'king bagud (%(suit)s)',
    '%(suit)s konge tabt': '%(suit)s king lost',
    'En anden har registreret et spil siden; spil %(n)s kan ikke længere rettes.': 'Someone else has recorded a deal since; deal %(n)s can no longer be corrected.',
    'Spillerne i den rækkefølge, der gives i (3 til 5): vælg et medlem eller skriv navnet på en ny spiller.': "The players in dealing order (3 to 5): choose a member or type a new player's name.",
    'Tast to tal; den tredjes beløb udregnes.': "Enter two counts; the third player's amount is derived.",
    'sidder over': 'sits out',
    'Spil %(n)s giver:': 'Deal %(n)s, dealer:',
    'spil og giver': 'deal and dealer',
    'Foreløbig – aftenen er ikke lukket, og kopperne er ikke delt.': 'Provisional – the evening is not closed and the cups are not shared.',
    'pagat': 'pagat',
    'Afregnes, når aftenen er lukket og kopperne er delt.': 'Settled when the evening is closed and the cups are shared.',

    'svigtet kulør': 'revoke',
    'ulovlig ecartering': 'illegal discard',
    'hele': 'full',
    'halve': 'half',
    'Tabt tout': 'Failed tout',
    'klubbens eget takstkort': "the club's own rate card",
    'kopi af': 'copy of',
    'genåbnet': 'reopened',
    'begrundelse': 'reason',
    'Kun det seneste spil kan annulleres.': 'Only the latest deal can be voided.',
    'Skriv en begrundelse.': 'Write a reason.',
    'Begrundelse': 'Reason',
    'Navn': 'Name',
    'Sæsonen kan ikke slutte, før den starter.': 'The season cannot end before it starts.',
    'Der er allerede en spiller med det navn.': 'There is already a player with that name.',
    'Der er allerede en sæson med det navn.': 'There is already a season with that name.',
    'Delingen af kopperne tilbageføres, og aftenen kan rettes igen. Genåbningen logges.': 'The split of the cups is reversed and the evening can be changed again. The reopening is logged.',
    'Spillets posteringer tilbageføres; intet slettes.': "The deal's entries are reversed; nothing is deleted.",
    'Titel': 'Title',
    'Skal være et multiplum af %(n)s.': 'Must be a multiple of %(n)s.',
    'Klubbens takstkort er skiftet; allerede spillede borde beholder deres.': "The club's rate card is changed; tables already played keep theirs.",
    'Filen fylder %(size)s; en aftenfil må højst fylde 1 MB.': 'The file is %(size)s; an evening file may be at most 1 MB.',
    'Ifølge arket giver %(name)s nu; vælg giveren igen, hvis det passer.': 'According to the sheet %(name)s deals now; choose the dealer again if that is right.',
    'kongeultimo (%(suit)s)': 'king ultimo (%(suit)s)',
    'melding: %(meld)s': 'meld: %(meld)s',
    'bøde: %(fine)s': 'fine: %(fine)s',
    'tælling (%(count)s)': 'counting (%(count)s)',
    'Forhåndsvisningen kunne ikke beregnes; tjek felterne.': 'The preview could not be computed; check the fields.',
    'Kun det seneste spil kan rettes, og kun dets nyeste udgave.': 'Only the latest deal can be corrected, and only its newest version.',
    'Alle beløb er point og skal gå op i 5. Ændringer gælder kun borde, der åbnes herefter.': 'All amounts are points and must be multiples of 5. Changes apply only to tables opened from now on.',
    'Gem': 'Save',
    'Klubben spiller nu efter': 'The club now plays by',
    'Indbyggede kort': 'Built-in cards',
    'Kopiér': 'Copy',
    'Brug': 'Use',
    'Klubbens egne kort': "The club's own cards",
    'Ret beløb': 'Edit amounts',
    'Tilbage til bordet': 'Back to the table',
    'Annulleret': 'Voided',
    'Gældende udgave': 'Current version',
    'Tidligere udgave': 'Earlier version',
    'Når aftenen lukkes:': 'When the evening is closed:',
    'deles kongekoppen og pagatkoppen ved hvert bord ligeligt mellem bordets spillere (i hele femmere; resten går til den, der står lavest);': 'the kongekop and the pagatkop at each table are shared equally among its players (in whole fives; the rest goes to the lowest);',
    'bliver stillingen endelig, og det afregnes, hvem der betaler hvem;': 'the totals become final and who pays whom is settled;',
    'kan aftenen kun læses: der kan ikke registreres eller rettes spil, og der kan ikke sættes flere borde op.': 'the evening is read-only: no deal can be recorded or corrected and no table added.',
    'Der er ikke registreret nogen spil ved dette bord.': 'No deal has been recorded at this table.',
    'kopperne deles, når aftenen lukkes': 'the cups are shared when the evening is closed',
    'Genåbn': 'Reopen',
    'Aftenfilen (tarokklub.evening/1) bliver et nyt bord i denne aften. Spillere, der ikke findes i klubben, oprettes.': 'The evening file (tarokklub.evening/1) becomes a new table of this evening. Players not in the club are created.',
    'Aftenfilen (tarokklub.evening/1) bliver en ny aften med ét bord, på filens dato. Spillere, der ikke findes i klubben, oprettes.': "The evening file (tarokklub.evening/1) becomes a new evening with one table, on the file's date. Players not in the club are created.",
    'Vælg klub': 'Choose club',
    'Spillet er ikke gemt. Ret de markerede felter.': 'The deal is not saved. Correct the marked fields.',
    'Alle tre talte; udregnes:': 'All three counted; derived:',
    'Det kan ikke gemmes sådan:': 'It cannot be saved like this:',
    'kongekop efter spillet': 'kongekop after the deal',
    'pagatkop efter spillet': 'pagatkop after the deal',
    'indskud': 'stake',
    'Foreløbig stilling': 'Provisional totals',
    'Modtager': 'Payee',
    'Vi har set regnskabet og er enige om det.': 'We have seen the accounts and agree with them.',
    'Bekræft': 'Confirm',
    'Log': 'Log',
    'Historik': 'History',
    'Annullér': 'Void',
    'Takstkort': 'Rate card',
    'Spillere': 'Players',
    'Sæsoner': 'Seasons',
    'Tilføj spiller': 'Add player',
    'Opret sæson': 'Create season',
    '%(name)s er tilføjet.': '%(name)s is added.',
    'Sæsonen er oprettet.': 'The season is created.',
    'Aftenen er genåbnet.': 'The evening is reopened.',
    'Spil %(n)s er annulleret.': 'Deal %(n)s is voided.',
    'Genåbn aftenen': 'Reopen the evening',
    'Annullér spil %(n)s': 'Void deal %(n)s',
    'Ukendt takstkort.': 'Unknown rate card.',
    'Takstkortet er gemt.': 'The rate card is saved.',
    'Ret takstkort': 'Edit rate card',
    'Tilbageført': 'Reversed',
    'Posteret': 'Posted',
    'Historik for spil %(n)s ved bord %(t)s': 'History of deal %(n)s at table %(t)s',
    'Aftenen er ikke lukket.': 'The evening is not closed.',
    'spil rettet': 'deal corrected',
    'spil annulleret': 'deal voided',
    'klubtakstkort': 'club rate card',
    'Før deling': 'Before the split',
    'Deling': 'Split',
    'Efter deling': 'After the split',
    'Stilling nu': 'Totals now',
    'Kopper': 'Cups',
    'deling af kopperne': 'split of the cups',
    'stilling': 'totals',
    'ny spiller': 'new player',
    'Se arket': 'See the sheet',
    'Til bordet': 'To the table',
    'Eksportér aftenfil': 'Export evening file',
    'Ingen borde endnu.': 'No tables yet.',
    'tabt tout': 'failed tout',
    'Tabt tout ': 'Failed tout ',
    # Issue 11 part 3: import limits and rate cards in files
    'Filen fylder %(size)s; en aftenfil må højst fylde %(max)s.':
        'The file is %(size)s; an evening file may be at most %(max)s.',
    'Titel på nyt klubtakstkort': 'Title of a new club rate card',
    'Kun hvis filen har et takstkort, klubben ikke har: det bliver et nyt klubkort med denne titel.':
        'Only if the file carries a rate card the club does not have: it becomes a new club card with this title.',
    'En aftenfil må højst have %(deals)s spil og fylde %(size)s.':
        'An evening file may hold at most %(deals)s deals and %(size)s.',
    'Der er allerede et takstkort med den titel.': 'There is already a rate card with that title.',
    # Issue 11 part 2: writes under concurrency, one-time submission keys
    'Det var allerede gemt – her er resultatet; intet er gemt to gange.':
        'That was already saved – here is the result; nothing was saved twice.',
    'Formularen er allerede sendt af en anden; hent siden igen.':
        'This form was already sent by someone else; load the page again.',
    'Der var travlt ved bordene, og intet blev gemt. Prøv igen – dine indtastninger er bevaret.':
        'The tables were busy and nothing was saved. Try again – your input is kept.',

}


#: Plural entries: Danish source (the same for one and many) -> English (one, many).
PLURALS = {
    ("%(n)s spil", "%(n)s spil"): ("%(n)s deal", "%(n)s deals"),
    ("Filen blev ikke indlæst: %(n)s fejl.", "Filen blev ikke indlæst: %(n)s fejl."): (
        "The file was not imported: %(n)s error.", "The file was not imported: %(n)s errors."),
    ("%(n)s bord", "%(n)s borde"): ("%(n)s table", "%(n)s tables"),
    ("%(n)s fejl", "%(n)s fejl"): ("%(n)s error", "%(n)s errors"),
}


def fill_plain(path: str) -> list[str]:
    """Set the English of every msgid from EN and PLURALS, overwriting whatever msgmerge guessed
    ("fuzzy"); return the msgids with no English here (they stay empty and show in Danish)."""
    import re
    text = open(path, encoding="utf-8").read()
    text = re.sub(r"#, fuzzy, python-format\n(#\| [^\n]*\n)*", "#, python-format\n", text)
    text = re.sub(r"#, fuzzy\n(#\| [^\n]*\n)*", "", text)
    missing = []

    def quote(value: str) -> str:
        return value.replace("\\", "\\\\").replace('"', '\\"')

    def single(match):
        msgid = "".join(re.findall(r'"(.*)"', match.group(1)))
        if not msgid:
            return match.group(0)
        english = EN.get(msgid)
        if english is None:
            missing.append(msgid)
            english = ""
        return f'msgid {match.group(1).strip()}\nmsgstr "{quote(english)}"\n'

    text = re.sub(r'msgid ((?:"[^\n]*"\n)+)msgstr ((?:"[^\n]*"\n)+)', single, text)

    def plural(match):
        key = (match.group(1), match.group(2))
        if key not in PLURALS:
            missing.append(match.group(1))
            return match.group(0)
        one, many = PLURALS[key]
        return (f'msgid "{match.group(1)}"\nmsgid_plural "{match.group(2)}"\n'
                f'msgstr[0] "{quote(one)}"\nmsgstr[1] "{quote(many)}"\n')

    text = re.sub(r'msgid "([^"\n]*)"\nmsgid_plural "([^"\n]*)"\nmsgstr\[0\] "[^\n]*"\nmsgstr\[1\] "[^\n]*"\n',
                  plural, text)
    open(path, "w", encoding="utf-8").write(text)
    return missing


if __name__ == "__main__":
    import sys
    missing = fill_plain("locale/en/LC_MESSAGES/django.po")
    for msgid in missing:
        print("untranslated:", msgid, file=sys.stderr)
    sys.exit(1 if missing else 0)
