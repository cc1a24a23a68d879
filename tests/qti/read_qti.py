#!/usr/bin/env python3
"""Reads a QTI package for tests/js/qti.test.mjs and prints what it holds as JSON, in two ways.

read_qti.py qti12 FILE: our QTI 1.2 assessment file as any QTI 1.2 reader sees it: per item its
title, section, question text, each respcondition (its test, score and feedback) and each
itemfeedback's text, every text unescaped by a real XML parser (lxml).

read_qti.py canvas DIR: reads what the QTI Migration Tool wrote (QTI 2.1: imsmanifest.xml and an assessmentItem file
per item) the way Canvas's importer reads it after running the tool on an uploaded QTI zip, and
prints the questions it would make, as JSON.

Canvas's importer is Ruby inside canvas-lms (gems/plugins/qti_exporter/lib/qti/: qti.rb,
assessment_item_converter.rb, numeric_interaction.rb, html_helper.rb) and needs Rails to run, so
this is a re-reading of its steps for numerical questions, written here from those files (not a
copy of them), with the same selectors in XPath:

  - qti.rb convert_questions: every manifest resource whose type starts with
    imsqti_item_xmlv2p is a question;
  - assessment_item_converter.rb create_instructure_question: the interaction type from the
    resource's imsqti:interactionType, the question type from instructureMetadata's question_type;
    an extendedTextInteraction whose question type matches /numeric|numerical_question/ is read by
    NumericInteraction; the name from the resource's title langstring; the text from
    itemBody > div / itemBody > p (a div of class html holds escaped HTML);
  - numeric_interaction.rb get_answer_values, get_canvas_answers: every responseIf and
    responseElseIf is an answer (weight 100) when it holds an <or> with a stringMatch (an exact
    answer; its margin is the varlte bound minus the answer, in decimal arithmetic; a vargt/varlte
    pair around it a power of ten wide ending in 5 makes it a precision answer instead), or else
    an <and> of vargte/varlte (a range answer); an <or> without a stringMatch is skipped;
  - get_feedback_id, attach_feedback_values: an answer's feedback is the modalFeedback that its
    condition adds to FEEDBACK, unless that name looks general (general_, _all, wrong,
    incorrect, correct, _IC, _C), its first p or div;
  - get_feedback: modalFeedback named like wrong/incorrect/_IC → incorrect comments,
    correct/_C → correct comments, general_/_all → general (neutral) comments.

DIR is the --cpout directory of migrate.py. Besides Canvas's answers and comments, each question
lists every condition that adds a feedback (conditions: the feedback's name and the bounds tested),
to show where a slip went.
"""

import json
import os
import re
import sys
from decimal import Decimal

from lxml import etree

CP = 'http://www.imsglobal.org/xsd/imscp_v1p1'
MD = 'http://www.imsglobal.org/xsd/imsmd_v1p2'
QTI_MD = 'http://www.imsglobal.org/xsd/imsqti_v2p1'
QTI = 'http://www.imsglobal.org/xsd/imsqti_v2p1'
NS = {'cp': CP, 'md': MD, 'qmd': QTI_MD, 'q': QTI}


def first(node, path):
    found = node.xpath(path, namespaces=NS)
    return found[0] if found else None


def text_of(node):
    return ''.join(node.itertext()) if node is not None else None


def detect(node):
    """html_helper.rb detect_html, without Canvas's sanitizer: (text, html)."""
    text_div = first(node, './/q:div[@class="text"]')
    if text_div is not None:
        return text_of(text_div).strip(), None
    html_div = first(node, './/q:div[@class="html"]')
    if html_div is not None:
        html = text_of(html_div).strip()
        return re.sub(r'\s+', ' ', re.sub(r'</?[^>\n]*>', '', html)).strip(), html
    return re.sub(r'\s+', ' ', text_of(node)).strip(), None


def feedback_id(condition):
    """assessment_item_converter.rb get_feedback_id."""
    ident = None
    value = first(condition, './q:setOutcomeValue[@identifier="FEEDBACK"]')
    if value is not None and first(value, './/q:variable[@identifier="FEEDBACK"]') is not None:
        base = first(value, './/q:baseValue[@baseType="identifier"]')
        if base is not None:
            ident = text_of(base).strip()
    if ident and re.search(r'general_|_all|wrong|incorrect|correct|(_IC$)|(_C$)', ident, re.I):
        return None
    return ident


def numeric_answers(doc):
    """numeric_interaction.rb get_answer_values, then get_canvas_answers."""
    answers = []
    gte = first(doc, '//q:responseCondition//q:gte//q:baseValue')
    lte = first(doc, '//q:responseCondition//q:lte//q:baseValue')
    equal = first(doc, '//q:responseCondition//q:equal//q:baseValue')
    if gte is not None and lte is not None:
        answers.append({'type': 'range_answer', 'start': float(text_of(gte)), 'end': float(text_of(lte)), 'from': 'values'})
    elif equal is not None:
        answers.append({'type': 'exact_answer', 'exact': float(text_of(equal)), 'from': 'values'})
    for condition in doc.xpath('//q:responseIf | //q:responseElseIf', namespaces=NS):
        answer = {'weight': 100, 'feedback_id': feedback_id(condition)}
        or_node = first(condition, './/q:or')
        if or_node is not None:
            exact_node = first(or_node, './/q:stringMatch//q:baseValue')
            if exact_node is None:
                continue
            exact = text_of(exact_node)
            lower = first(or_node, './/q:and//q:customOperator[@class="vargt"]//q:baseValue')
            upper = first(or_node, './/q:and//q:customOperator[@class="varlte"]//q:baseValue')
            if (lower is not None and upper is not None
                    and re.sub(r'[0.]', '', text_of(lower)).endswith('5')
                    and re.sub(r'[0.]', '', text_of(upper)).endswith('5')):
                low, high, value = Decimal(text_of(lower)), Decimal(text_of(upper)), Decimal(exact)
                width = (high - low).normalize()
                if value - low == high - value and width.as_tuple().digits == (1,):
                    answer.update(type='precision_answer', approximate=float(value))
                    answers.append(answer)
                    continue
            answer.update(type='exact_answer', exact=float(exact), exact_text=exact)
            upper = first(or_node, './/q:and//q:customOperator[@class="varlte"]//q:baseValue')
            if upper is not None:
                margin = Decimal(text_of(upper)) - Decimal(exact)
                answer.update(margin=float(margin), margin_text=str(margin))
            answers.append(answer)
            continue
        and_node = first(condition, './/q:and')
        if and_node is not None:
            answer['type'] = 'range_answer'
            lower = first(and_node, './/q:customOperator[@class="vargte"]//q:baseValue')
            upper = first(and_node, './/q:customOperator[@class="varlte"]//q:baseValue')
            if lower is not None:
                answer['start'] = float(text_of(lower))
            if upper is not None:
                answer['end'] = float(text_of(upper))
            if lower is not None or upper is not None:
                answers.append(answer)
    return answers


def read_item(resource, base):
    href = resource.get('href')
    doc = etree.parse(os.path.join(base, href))
    item = doc.getroot()
    interaction = first(resource, './/qmd:interactionType')
    interaction = text_of(interaction).lower() if interaction is not None else None
    field = first(resource, './/*[local-name()="instructureMetadata"]/*[local-name()="instructureField"][@name="question_type"]')
    custom = field.get('value').lower() if field is not None else None
    title = first(resource, './/md:title/md:langstring')
    question = {
        'migration_id': (item.get('identifier') or '').replace(':', '-'),
        'question_name': text_of(title) if title is not None else item.get('title'),
        'interaction_type': interaction,
        'custom_type': custom,
        'answers': [],
    }
    points = first(item, './/*[local-name()="instructureMetadata"]/*[local-name()="instructureField"][@name="points_possible"]')
    if points is not None:
        question['points_possible'] = max(float(points.get('value')), 0.0)
    texts = doc.xpath('/q:assessmentItem/q:itemBody/q:div | /q:assessmentItem/q:itemBody/q:p', namespaces=NS)
    question['question_text'] = '\n<br/>\n'.join(
        text_of(node) if node.get('class') == 'html' else etree.tostring(node, encoding='unicode') for node in texts)
    if interaction and re.search(r'extendedtextinteraction|textinteraction', interaction) and custom \
            and re.search(r'numeric|numerical_question', custom):
        question['question_type'] = 'numerical_question'
        question['answers'] = numeric_answers(doc)
        feedbacks = {}
        for node in doc.xpath('//q:modalFeedback', namespaces=NS):
            inner = first(node, './/q:p') if first(node, './/q:p') is not None else first(node, './/q:div')
            if inner is not None:
                feedbacks[node.get('identifier')] = inner
        for answer in question['answers']:
            ident = answer.pop('feedback_id', None)
            if ident in feedbacks:
                answer['comments'] = detect(feedbacks[ident])[0]
    else:
        question['question_type'] = None
    for node in doc.xpath('//q:modalFeedback', namespaces=NS):
        ident = node.get('identifier') or ''
        if re.search(r'wrong|incorrect|(_IC$)', ident, re.I):
            question['incorrect_comments'] = detect(node)[0]
        elif re.search(r'correct|(_C$)', ident, re.I):
            question['correct_comments'] = detect(node)[0]
        elif re.search(r'general_|_all', ident, re.I):
            question['neutral_comments'], html = detect(node)
            if html:
                question['neutral_comments_html'] = html
    question['feedback_idents'] = [node.get('identifier') for node in doc.xpath('//q:modalFeedback', namespaces=NS)]
    question['conditions'] = []
    for condition in doc.xpath('//q:responseIf | //q:responseElseIf', namespaces=NS):
        shown = [text_of(base).strip() for base in condition.xpath(
            './q:setOutcomeValue[@identifier="FEEDBACK"]//q:baseValue[@baseType="identifier"]', namespaces=NS)]
        bounds = {op.get('class'): text_of(first(op, './q:baseValue')) for op in condition.xpath('.//q:customOperator', namespaces=NS)}
        equal = first(condition, './/q:stringMatch/q:baseValue')
        question['conditions'].append({'feedback': shown, 'bounds': bounds, 'equal': text_of(equal) if equal is not None else None})
    return question


def read_canvas(base):
    manifest = etree.parse(os.path.join(base, 'imsmanifest.xml'))
    questions = [read_item(resource, base)
                 for resource in manifest.xpath('//cp:resource[starts-with(@type, "imsqti_item_xmlv2p")]', namespaces=NS)]
    tests = []
    for resource in manifest.xpath('//cp:resource[@type="imsqti_assessment_xmlv2p1"]', namespaces=NS):
        test = etree.parse(os.path.join(base, resource.get('href'))).getroot()
        tests.append({
            'title': test.get('title'),
            'identifier': test.get('identifier'),
            'items': [ref.get('identifier') for ref in test.xpath('//q:assessmentItemRef', namespaces=NS)],
            'sections': [section.get('title') for section in test.xpath('//q:assessmentSection[@title]', namespaces=NS)],
        })
    return {'questions': questions, 'assessments': tests}


# ---------------------------------------------------------------------------------------------
# QTI 1.2, as written.

QTI12 = 'http://www.imsglobal.org/xsd/ims_qtiasiv1p2'
NS12 = {'q': QTI12}


def test_of(conditionvar):
    """A conditionvar as a nested list: ['or', ['varequal', '0.5'], ['and', ['vargte', …], …]]."""
    def walk(node):
        name = etree.QName(node).localname
        if name in ('and', 'or', 'not'):
            return [name] + [walk(child) for child in node if isinstance(child.tag, str)]
        if name == 'other':
            return ['other']
        return [name, node.text, node.get('respident')]
    children = [child for child in conditionvar if isinstance(child.tag, str)]
    return walk(children[0]) if len(children) == 1 else ['and'] + [walk(child) for child in children]


def read_qti12(path):
    doc = etree.parse(path)
    root = doc.getroot()
    comment = first12(root, './q:qticomment')
    assessment = first12(root, './q:assessment')
    items = []
    for item in doc.xpath('//q:item', namespaces=NS12):
        section = item.getparent()
        fields = {text_of(first12(f, './q:fieldlabel')): text_of(first12(f, './q:fieldentry'))
                  for f in item.xpath('./q:itemmetadata/q:qtimetadata/q:qtimetadatafield', namespaces=NS12)}
        response = first12(item, './q:presentation/q:response_str')
        fib = first12(response, './q:render_fib') if response is not None else None
        items.append({
            'ident': item.get('ident'),
            'title': item.get('title'),
            'section': section.get('title'),
            'metadata': fields,
            'text': text_of(first12(item, './q:presentation/q:material/q:mattext')),
            'texttype': first12(item, './q:presentation/q:material/q:mattext').get('texttype'),
            'response': None if response is None else {
                'ident': response.get('ident'), 'rcardinality': response.get('rcardinality'),
                'fibtype': fib.get('fibtype') if fib is not None else None},
            'outcomes': [dict(v.attrib) for v in item.xpath('./q:resprocessing/q:outcomes/q:decvar', namespaces=NS12)],
            'conditions': [{
                'continue': c.get('continue'),
                'test': test_of(first12(c, './q:conditionvar')),
                'score': [(s.get('varname'), s.get('action'), s.text) for s in c.xpath('./q:setvar', namespaces=NS12)],
                'feedback': [d.get('linkrefid') for d in c.xpath('./q:displayfeedback', namespaces=NS12)],
            } for c in item.xpath('./q:resprocessing/q:respcondition', namespaces=NS12)],
            'feedback': {f.get('ident'): {'text': text_of(first12(f, './/q:mattext')), 'texttype': first12(f, './/q:mattext').get('texttype')}
                         for f in item.xpath('./q:itemfeedback', namespaces=NS12)},
        })
    return {
        'comment': text_of(comment) if comment is not None else None,
        'title': assessment.get('title'),
        'ident': assessment.get('ident'),
        'items': items,
    }


def first12(node, path):
    found = node.xpath(path, namespaces=NS12)
    return found[0] if found else None


if __name__ == '__main__':
    mode, where = sys.argv[1], sys.argv[2]
    result = read_canvas(where) if mode == 'canvas' else read_qti12(where)
    json.dump(result, sys.stdout, ensure_ascii=False, indent=1)
