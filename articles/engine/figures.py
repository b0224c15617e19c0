def extract_figures(text):
    return []
